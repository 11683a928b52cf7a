"""The demo served in this process, driven with gradio_client through its documented endpoint
``/summarize``: summaries, uploads, bad inputs answered with messages, and 16 clients sending 4
requests each at once."""
import threading
import time

import pytest

from app.demo import API_NAME
from conftest import REPO, TINY_MAX_SOURCE, make_pdf, wrap

gradio_client = pytest.importorskip("gradio_client")
from gradio_client import Client, handle_file  # noqa: E402

TINY = "tiny/checkpoint.pt"
ARTICLE = (REPO / "app" / "examples" / "harbour_tunnel.txt").read_text(encoding="utf-8")
LONG_ARTICLE = (REPO / "app" / "examples" / "battery_recycling.txt").read_text(encoding="utf-8")
FAST = dict(beam=2, min_length=1, max_length=12)


@pytest.fixture(scope="module")
def client(demo_server):
    return Client(demo_server.url, verbose=False, analytics_enabled=False)


def summarize(client, **kwargs):
    return client.predict(api_name=f"/{API_NAME}", **kwargs)


def test_endpoint_is_documented(client):
    api = client.view_api(print_info=False, return_format="dict")
    endpoint = api["named_endpoints"][f"/{API_NAME}"]
    names = [p["parameter_name"] for p in endpoint["parameters"]]
    assert names == ["article", "file", "model", "beam", "min_length", "max_length", "length_penalty", "trigram_blocking",
                     "words"]
    assert all(p["parameter_has_default"] for p in endpoint["parameters"])
    assert [r["label"] for r in endpoint["returns"]] == ["Summary", "details"]
    assert len(api["named_endpoints"]) == 1  # the page's helper events are private


def test_summarize_with_the_tiny_model(client):
    summary, details = summarize(client, article=LONG_ARTICLE, model=TINY, **FAST)
    assert details["ok"] and summary.strip() and details["model"] == TINY
    assert details["truncated"] and details["used_tokens"] == TINY_MAX_SOURCE < details["input_tokens"]
    assert 1 <= details["output_tokens"] <= 12 and details["seconds"] > 0
    _, short = summarize(client, article="The mayor opened the tunnel. Traffic flowed at noon.", model=TINY, **FAST)
    assert short["ok"] and not short["truncated"] and short["used_tokens"] == short["input_tokens"]


def test_default_settings_use_the_default_model(client, demo_server):
    summary, details = summarize(client, article=ARTICLE)
    default = demo_server.registry.default_key()
    assert details["ok"] and details["model"] == default and summary.strip()
    if default == "extractive":  # the shipped extractive news model: the article's own sentences
        assert len(details["sentences"]) == 3 and all(s in ARTICLE for s in details["sentences"])


def test_summary_length_in_words_for_the_extractive_model(client, demo_server):
    if "extractive" not in dict((key, label) for label, key in demo_server.registry.choices()):
        pytest.skip("the shipped extractive news model is not installed")
    _, own = summarize(client, article=LONG_ARTICLE, model="extractive")
    _, short = summarize(client, article=LONG_ARTICLE, model="extractive", words=40)
    _, long = summarize(client, article=LONG_ARTICLE, model="extractive", words=200)
    assert own["ok"] and short["ok"] and long["ok"], (short, long)
    words = [len(" ".join(d["sentences"]).split()) for d in (short, long)]
    assert words[0] < words[1] and len(short["sentences"]) < len(long["sentences"])
    flat = " ".join(LONG_ARTICLE.split())
    assert all(" ".join(s.split()) in flat for s in long["sentences"])  # still the article's own sentences
    summary, refused = summarize(client, article=LONG_ARTICLE, model="extractive", words=5)
    assert summary == "" and not refused["ok"] and "summary length" in refused["message"].lower()


def test_lead3(client):
    summary, details = summarize(client, article=ARTICLE, model="lead3")
    assert details["ok"] and details["unit"] == "words" and len(details["sentences"]) == 3
    assert summary.splitlines()[0].startswith("The city council of Port Alder voted on Tuesday to build a tunnel")  # verbatim
    assert details["normalized_sentences"][0].startswith("the city council of port alder voted on tuesday")


def test_uploads(client, tmp_path):
    txt = tmp_path / "story.txt"
    txt.write_text(ARTICLE, encoding="utf-8")
    pdf = tmp_path / "story.pdf"
    pdf.write_bytes(make_pdf([wrap(ARTICLE)]))
    _, from_text = summarize(client, article=ARTICLE, model="lead3")
    for path in (txt, pdf):
        _, details = summarize(client, file=handle_file(str(path)), model="lead3")
        assert details["ok"] and details["sentences"] == from_text["sentences"], details
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.5\n" + bytes(range(256)) * 4)
    summary, details = summarize(client, file=handle_file(str(broken)), model="lead3")
    assert summary == "" and not details["ok"] and "PDF" in details["message"]


@pytest.mark.parametrize(
    "kwargs,expected",
    [
        (dict(article=""), "empty"),
        (dict(article="   \n\t "), "empty"),
        (dict(article="?!... ;;; ---"), "no words"),
        (dict(article="\x00\x01\x02\x03\x04\x05\x06" * 200), "binary"),
        (dict(article=ARTICLE, model="../../outside.pt"), "unknown model"),
        (dict(article=ARTICLE, min_length=100, max_length=20), "minimum length"),
    ],
)
def test_bad_inputs_get_a_message_and_the_server_keeps_serving(client, kwargs, expected):
    summary, details = summarize(client, **{"model": "lead3", **kwargs})
    assert summary == "" and details["ok"] is False and expected in details["message"].lower()
    _, after = summarize(client, article=ARTICLE, model="lead3")
    assert after["ok"]


def test_odd_inputs_through_the_server(client):
    cases = [
        ("The council met on Tuesday. " * 40_000)[:1_000_000],  # 1 MB
        "<html><body><p>The mayor opened the tunnel.</p><script>x()</script></body></html>",
        "🚇🎉 نفق جديد تحت الميناء. המנהרה נפתחה. The tunnel opened 🎉.",
    ]
    for article in cases:
        summary, details = summarize(client, article=article, model=TINY, **FAST)
        assert details["ok"] and summary, details


def test_out_of_range_slider_is_refused_by_gradio_with_a_message(client):
    from gradio_client.exceptions import AppError

    with pytest.raises(AppError, match="maximum"):
        summarize(client, article=ARTICLE, model="lead3", beam=99)
    assert summarize(client, article=ARTICLE, model="lead3")[1]["ok"]


def test_sixteen_clients_four_requests_each(demo_server):
    """64 requests at once (Lead-3 and the tiny model, short inputs): all answered."""
    results, errors = [], []
    lock = threading.Lock()
    sentences = ARTICLE.split(". ")

    def one_client(i):
        try:
            c = Client(demo_server.url, verbose=False, analytics_enabled=False)
            jobs = []
            for j in range(4):
                model = TINY if (i + j) % 8 == 0 else "lead3"
                article = ". ".join(sentences[(i + j) % 4:]) + f" Client {i} request {j}."
                jobs.append(c.submit(article=article, model=model, beam=1, min_length=1, max_length=10,
                                     api_name=f"/{API_NAME}"))
            for job in jobs:
                summary, details = job.result(timeout=120)
                with lock:
                    results.append((summary, details))
        except Exception as err:  # noqa: BLE001 - collected and reported below
            with lock:
                errors.append(repr(err))

    start = time.perf_counter()
    threads = [threading.Thread(target=one_client, args=(i,)) for i in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=180)
    elapsed = time.perf_counter() - start
    assert not errors, errors[:3]
    assert len(results) == 64
    assert all(details["ok"] and summary for summary, details in results), [d for _, d in results if not d["ok"]][:3]
    assert elapsed < 120, elapsed


def test_upload_size_is_capped(demo_server, tmp_path):
    import httpx

    from app.inputs import MAX_FILE_BYTES

    big = tmp_path / "big.txt"
    big.write_bytes(b"word " * (MAX_FILE_BYTES // 5 + 1000))
    with open(big, "rb") as f:
        response = httpx.post(demo_server.url + "gradio_api/upload", files={"files": ("big.txt", f)}, timeout=60)
    assert response.status_code == 413
    small = httpx.post(demo_server.url + "gradio_api/upload", files={"files": ("small.txt", b"It works.")}, timeout=60)
    assert small.status_code == 200


def test_safe_launch_defaults(monkeypatch, tmp_path):
    """python -m app.demo binds 127.0.0.1, makes no share link and caps uploads unless told
    otherwise; telemetry variables are set before gradio is imported."""
    import os

    import gradio as gr

    from app import demo as demo_module
    from app.inputs import MAX_FILE_BYTES

    assert os.environ["GRADIO_ANALYTICS_ENABLED"] == "False"
    assert os.environ["HF_HUB_DISABLE_TELEMETRY"].lower() in ("1", "true", "yes")
    calls = []
    monkeypatch.setattr(gr.Blocks, "launch", lambda self, **kwargs: calls.append(kwargs))
    assert demo_module.main(["--model-dir", str(tmp_path)]) == 0
    assert demo_module.main(["--model-dir", str(tmp_path), "--host", "0.0.0.0", "--port", "8000", "--share"]) == 0
    assert demo_module.main(["--model-dir", str(tmp_path / "missing")]) == 2
    first, second = calls
    assert (first["server_name"], first["server_port"], first["share"]) == ("127.0.0.1", 7860, False)
    assert (second["server_name"], second["server_port"], second["share"]) == ("0.0.0.0", 8000, True)
    assert first["max_file_size"] == MAX_FILE_BYTES and first["ssr_mode"] is False and first["mcp_server"] is False
