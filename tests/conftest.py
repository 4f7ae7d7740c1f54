import os

# gpiozero's mock pins everywhere in the suite (hardware tests set their own
# factory too); no test may touch real GPIO.
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")
