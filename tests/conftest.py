import os

# gpiozero's mock pins everywhere in the suite (hardware tests set their own
# factory too); no test may touch real GPIO.
os.environ.setdefault("GPIOZERO_PIN_FACTORY", "mock")

# Every laptop game journals by default, into the state directory: the
# suite's go to a folder of its own, never the user's.
if "STATE_DIRECTORY" not in os.environ:
    import atexit
    import shutil
    import tempfile

    os.environ["STATE_DIRECTORY"] = tempfile.mkdtemp(prefix="wakkerdam-test-state-")
    atexit.register(shutil.rmtree, os.environ["STATE_DIRECTORY"], ignore_errors=True)

# Speech models too (a box game's start-up puts the Whisper model together
# there): never the user's ~/.local/share/wakkerdam/models.
if "WAKKERDAM_MODELS" not in os.environ:
    import atexit
    import shutil
    import tempfile

    os.environ["WAKKERDAM_MODELS"] = tempfile.mkdtemp(prefix="wakkerdam-test-models-")
    atexit.register(shutil.rmtree, os.environ["WAKKERDAM_MODELS"], ignore_errors=True)

# A box game's start-up hears with what it has; the suite's games are not
# about hearing, so they keep to the light recognizers and do not load
# Whisper each (tests/test_hearing_setup.py sets its own order).
os.environ.setdefault("WAKKERDAM_RECOGNIZER", "vosk,pocketsphinx")


def pytest_collection_modifyitems(items: list) -> None:
    """Tests marked ``compiled`` run last: ``dev.sh test`` builds the
    compiled engine in the background meanwhile (tests/test_compiled_engine.py)."""
    items.sort(key=lambda item: item.get_closest_marker("compiled") is not None)
