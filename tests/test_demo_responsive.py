"""The page stays responsive while papers are summarized: the demo built by
app.demo.build_demo with the tiny papers bundle, driven by gradio_client. While long-paper
requests run, a short Lead-3 request must be answered first.

No timing: each paper's decoding is held at a gate (inside the model's lock, after the real
summary is computed) until the Lead-3 answer has arrived. If the server made the short request
wait for the long ones, it would only be answered after the gate gave up (GATE_S), after the
papers, and the test fails on the order."""
import random
import sys
import threading
import time

import pytest

from app.demo import API_NAME, build_demo, launch_demo
from app.models import LEAD3, PAPERS, CheckpointSystem, ModelRegistry
from conftest import REPO, free_port

gradio_client = pytest.importorskip("gradio_client")
from gradio_client import Client  # noqa: E402
from gradio_client.utils import Status  # noqa: E402

sys.path.insert(0, str(REPO / "scripts"))
from make_toy_corpus import toy_paper  # noqa: E402

RUNNING = {Status.PROCESSING, Status.PROGRESS}  # taken off the queue by the server (PROGRESS: gr.Progress updates)
GATE_S = 60  # how long a paper waits for the test's release at most
LONG = dict(model=PAPERS, beam=4, min_length=5, max_length=40, api_name=f"/{API_NAME}")
SHORT = "The council met on Tuesday. It voted to open the tunnel. Traffic flowed at noon. Nobody complained."


class Gate:
    """Counts the papers whose summary is computed and holds them until released."""

    def __init__(self):
        self.computed = threading.Semaphore(0)
        self.release = threading.Event()
        self.gave_up = threading.Event()  # a paper stopped waiting for the release

    def loader(self, path, key):
        system = CheckpointSystem(path, key)
        real = system.summarizer.summarize  # called inside the system's per-model lock

        def summarize(article, options=None):
            result = real(article, options)
            self.computed.release()
            if not self.release.wait(GATE_S):
                self.gave_up.set()
            return result

        system.summarizer.summarize = summarize
        return system


@pytest.fixture(scope="module")
def paper() -> str:
    return toy_paper(random.Random(99), 0)["article"]  # ~2,000 words: ~5,000 pieces, read whole by the tiny model


@pytest.fixture()
def served(tiny_papers_bundle):
    """A demo with default settings (build_demo's concurrency) whose papers model is gated."""
    gate = Gate()
    registry = ModelRegistry(None, {PAPERS: tiny_papers_bundle}, loader=gate.loader)
    registry.get(PAPERS)  # loaded before the requests: the test is about decoding, not loading
    demo = build_demo(model_dir=None, registry=registry)
    port = free_port()
    launch_demo(demo, host="127.0.0.1", port=port, block=False, quiet=True)
    try:
        yield Client(f"http://127.0.0.1:{port}/", verbose=False, analytics_enabled=False), gate
    finally:
        gate.release.set()
        demo.close()


def wait_until(condition, timeout: float = 60.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("papers", [1, 3])
def test_short_request_answered_while_papers_are_summarized(served, paper, papers):
    """One user's paper, or two users' papers (the second waits for the model, which decodes one
    paper at a time), and then a third user's Lead-3 request: answered before any paper."""
    client, gate = served
    long_jobs = [client.submit(article=paper + f"\nCopy {i}.", **LONG) for i in range(papers)]
    assert gate.computed.acquire(timeout=120)  # the first paper is being summarized, held at the gate
    # every paper request has been taken off the queue by the server (the others wait for the model)
    assert wait_until(lambda: all(job.status().code in RUNNING for job in long_jobs)), \
        [job.status().code for job in long_jobs]
    short = client.submit(article=SHORT, model=LEAD3, api_name=f"/{API_NAME}")
    summary, details = short.result(timeout=GATE_S + 60)
    answered_while_papers_ran = not gate.gave_up.is_set() and not any(job.done() for job in long_jobs)
    gate.release.set()
    assert details["ok"] and summary.startswith("The council met on Tuesday"), details
    assert answered_while_papers_ran, "the Lead-3 request waited for the papers"
    for job in long_jobs:  # and the papers themselves are summarized, whole
        paper_summary, paper_details = job.result(timeout=300)
        assert paper_details["ok"] and paper_summary, paper_details
        assert paper_details["model"] == PAPERS and not paper_details["truncated"] and paper_details["input_tokens"] > 3000


def test_a_decoding_holds_one_of_the_registry_slots_and_lead3_none(tiny_papers_bundle, paper):
    """max_decoding=1: while the papers model decodes, no slot is left for another model's
    request, and Lead-3 (which takes none) is answered; the slot comes back afterwards."""
    registry = ModelRegistry(None, {PAPERS: tiny_papers_bundle}, max_decoding=1)
    system = registry.get(PAPERS)
    slots = registry._decoding_slots
    inside, release, seen = threading.Event(), threading.Event(), {}
    real = system.summarizer.summarize

    def held(article, options=None):
        seen["free slot while decoding"] = slots.acquire(blocking=False)
        inside.set()
        release.wait(60)
        return real(article, options)

    system.summarizer.summarize = held
    from app import DecodingOptions

    worker = threading.Thread(target=system.summarize, args=(paper, DecodingOptions(beam=1, min_len=1, max_len=5)))
    worker.start()
    assert inside.wait(60)
    lead = registry.get(LEAD3).summarize(SHORT)
    release.set()
    worker.join(120)
    assert seen["free slot while decoding"] is False
    assert lead.sentences[0].startswith("The council met on Tuesday")
    assert slots.acquire(blocking=False)  # returned after the decoding
    slots.release()
