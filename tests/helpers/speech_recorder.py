"""A stand-in for the speech command: records the command lines self-voicing starts, and each
"utterance" stays speaking until stopped (so a new one must stop the old one). Speech starts
commands on a thread of its own, where texts handed faster than they start give way to the
newest: `record_speech` has the app's start each at once, in order, so a test reads every text
it handed over; a test of the thread reads the record once it has started what it was handed
(`Speech.flush`)."""


class Utterance:
    """A started speech command that speaks until it is stopped."""

    def __init__(self, argv):
        self.argv = list(argv)
        self.stopped = False

    def poll(self):
        return -15 if self.stopped else None

    def terminate(self):
        self.stopped = True

    def wait(self, timeout=None):
        return self.poll()


class SpeechRecorder:
    """Pass as `Speech.start`: every command line started, in order (`said`: their texts)."""

    def __init__(self, speech=None):
        self._started = []
        #: the app's Speech, waited for before the record is read
        self.speech = speech

    @property
    def started(self):
        if self.speech is not None:
            assert self.speech.flush(), "the speech thread did not start what it was handed"
        return self._started

    def __call__(self, argv, **_pipes):
        utterance = Utterance(argv)
        self._started.append(utterance)
        return utterance

    @property
    def said(self):
        return [utterance.argv[-1] for utterance in self.started]

    def clear(self):
        self.started.clear()


def record_speech(app, on=True):
    """Make `app` speak into a recorder (as if espeak-ng were installed) and turn self-voicing
    on (`on`); returns the recorder."""
    recorder = SpeechRecorder(app.speech)
    app.speech.command = "espeak-ng"
    app.speech.start = recorder
    app.speech.in_background = False
    app.settings.self_voicing = on
    app.save_settings()
    return recorder
