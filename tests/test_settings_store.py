"""The settings store: defaults, round trip, atomic writes, recovery from a bad file."""

import json

import pytest

from scenes.storage.settings import HOME_ENV, Settings, SettingsStore, data_dir


def test_no_file_gives_the_defaults_without_a_notice(tmp_path):
    store = SettingsStore(tmp_path)
    assert store.load() == Settings()
    assert store.notice is None


def test_saved_settings_come_back(tmp_path):
    store = SettingsStore(tmp_path)
    settings = Settings(
        master_volume=0.3,
        fullscreen=True,
        colour_scheme="colour-blind",
        hints=False,
        kiosk_idle_seconds=120,
        animation_speed=2.0,
        last_setup={"consequence": {"players": 2}},
    )
    store.save(settings)
    assert SettingsStore(tmp_path).load() == settings


def test_a_save_leaves_no_temporary_file_behind(tmp_path):
    store = SettingsStore(tmp_path)
    store.save(Settings())
    store.save(Settings(hints=False))
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert json.loads((tmp_path / "settings.json").read_text())["hints"] is False


@pytest.mark.parametrize("content", ["{not json", "[1, 2, 3]", "\udcff", ""])
def test_an_unreadable_file_is_moved_aside_and_defaults_are_used(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_text(content, encoding="utf-8", errors="surrogateescape")
    store = SettingsStore(tmp_path)
    assert store.load() == Settings()
    assert "could not be read" in store.notice
    aside = [p.name for p in tmp_path.iterdir() if p.name.startswith("settings.json.bad-")]
    assert len(aside) == 1 and not path.exists()


def test_bad_values_keep_their_defaults_and_good_ones_are_kept(tmp_path):
    (tmp_path / "settings.json").write_text(
        json.dumps(
            {
                "master_volume": 7,
                "effects_volume": 0.25,
                "fullscreen": "yes",
                "colour_scheme": "rainbow",
                "hints": False,
                "unknown": 1,
                "kiosk_idle_seconds": 1.5,
            }
        )
    )
    settings = SettingsStore(tmp_path).load()
    assert settings.master_volume == Settings().master_volume
    assert settings.effects_volume == 0.25
    assert settings.fullscreen is False and settings.colour_scheme == "standard"
    assert settings.hints is False and settings.kiosk_idle_seconds == 60


def test_the_data_folder_follows_the_environment_variable(tmp_path, monkeypatch):
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "home"))
    assert data_dir() == tmp_path / "home" and data_dir().is_dir()
    assert SettingsStore().path == tmp_path / "home" / "settings.json"
