"""Kiosk mode: the attract loop, the idle countdown, crash and stall recovery, session figures
and the operator screen (`python main.py --kiosk`). `scenes.kiosk.controller.Kiosk` ties them
to the app's loop."""
