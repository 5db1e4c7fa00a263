"""web.play.storage: our keys only, backups capped at 5, full or denied storage never raises."""

import json

from web.play.storage import MAX_BACKUPS, MemoryBackend, Storage, backup_key, problem_notice, save_key


def make(backend=None, clock=None):
    t = clock or iter(range(1000, 10**6, 7))
    return Storage(lambda: backend if backend is not None else MemoryBackend(), lambda: next(t))


def test_save_roundtrip_uses_the_design_key():
    backend = MemoryBackend()
    st = make(backend)
    record = {"schema": 1, "game": "alto", "moves": ["@a1"]}
    assert st.write_save("alto", record)
    assert list(backend.data) == ["altibox:save:alto"]
    assert json.loads(st.load_save("alto")) == record
    assert save_key("alto") == "altibox:save:alto"


def test_backup_moves_the_save_and_keeps_only_five():
    backend = MemoryBackend()
    st = make(backend)
    for i in range(8):
        backend.setItem("altibox:save:alto", f"broken {i}")
        assert st.backup("alto", f"broken {i}") is not None
    backups = st.keys("altibox:backup:alto:")
    assert len(backups) == MAX_BACKUPS
    kept = sorted(backend.data[k] for k in backups)
    assert kept == [f"broken {i}" for i in range(3, 8)]
    assert st.load_save("alto") is None
    assert backup_key("alto", 12) == "altibox:backup:alto:12"


def test_foreign_keys_are_never_touched():
    backend = MemoryBackend()
    backend.setItem("other-app", "x")
    st = make(backend)
    st.write_save("alto", {"a": 1})
    assert st.keys() == ["altibox:save:alto"]
    assert backend.data["other-app"] == "x"


def test_full_storage_reports_full_and_keeps_going():
    st = make(MemoryBackend(quota=40))
    assert not st.write_save("alto", {"moves": ["@a1"] * 20})
    assert st.problem == "full"


def test_denied_storage_reports_unavailable():
    def denied():
        raise RuntimeError("SecurityError: access denied")

    st = Storage(denied, lambda: 0)
    assert st.load_save("alto") is None
    assert not st.write_save("alto", {})
    assert st.problem == "unavailable"
    assert st.keys() == []


def test_throwing_getitem_is_unavailable_not_an_exception():
    class Broken(MemoryBackend):
        def getItem(self, key):
            raise RuntimeError("SecurityError")

    st = make(Broken())
    assert st.load_save("alto") is None
    assert st.problem == "unavailable"


def test_settings_tolerate_garbage():
    backend = MemoryBackend()
    st = make(backend)
    backend.setItem("altibox:settings", "{not json")
    assert st.settings() == {}
    assert st.write_settings({"sound": False})
    assert st.settings() == {"sound": False}


def test_problem_notice_words_follow_the_storage_problem_and_the_frame():
    def denied():
        raise RuntimeError("SecurityError: Failed to read the 'localStorage' property from 'Window'")

    st = Storage(denied, lambda: 0)
    assert not st.write_save("alto", {"moves": []})
    framed = problem_notice(st.problem, framed=True)
    assert "embedded" in framed and "nothing will be saved here" in framed
    assert problem_notice(st.problem) == ("This browser's storage is not available, so this game "
                                          "will not be saved. You can keep playing.")
    full = make(MemoryBackend(quota=10))
    assert not full.write_save("alto", {"moves": ["@a1"]})
    # a full store is the same fault in a frame or not: the embed's words are for denied storage
    assert problem_notice(full.problem, framed=True) == problem_notice("full") and "is full" in problem_notice("full")
