"""Dorpen, verenigt U (seed 000's variant for big groups): several boxes, one
evening, kept in step over MQTT with mosquitto as the broker.

Each box plays its own village: its own deck, journal and voice. This package
sits on top of ``narrator/``; nothing below imports it.

    pairing.py   the evening key and the boxes' broker users, made at set-up
    tls.py       the evening's CA and the broker's certificate; the boxes' check of it
    broker.py    a mosquitto process with a generated config, TLS only (tests, the demo)
    seal.py      every message sealed with the evening key
    link.py      one box's MQTT connection (paho-mqtt)
    ledger.py    the transfers as the box's journal has them
    evening.py   day and night in step, players moving between villages
    adapter.py   the only place that asks the engine to let a player leave or join
    moderator.py the moderator of one village of the evening
    demo.py      bot villages (``wakkerdam demo --variant villages_unite``)
    play.py      a real table at the laptop as one village (``wakkerdam play``)
"""
