"""The blind reading (fairseq_plugins/evaluation/blind.py, evaluate.py blind / blind-tally): the
packet hides which system wrote which summary, the key says it, and the tally counts the answers
per system."""
import importlib.util
import json
import re
from pathlib import Path

import pytest

from fairseq_plugins.evaluation import EvaluationError, blind

REPO = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("evaluate_cli", REPO / "scripts" / "evaluate.py")
evaluate_cli = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(evaluate_cli)

TOPICS = ["harbour", "library", "orchard", "railway", "glacier", "market", "bridge", "choir"]


def article(i: int, topic: str) -> str:
    return " ".join(f"Sentence {k} of story {i} tells of the {topic} and of item{i}x{k} in detail." for k in range(6))


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    """Lead-1 and Lead-3 on eight articles: the two systems to read blind."""
    tmp = tmp_path_factory.mktemp("blind")
    data = tmp / "valid.jsonl"
    data.write_text("".join(json.dumps({"id": f"doc-{i}", "article": article(i, t), "summary": f"The {t} story {i}."}) + "\n"
                            for i, t in enumerate(TOPICS)))
    dirs = {}
    for system in ("lead1", "lead3"):
        dirs[system] = tmp / system
        code = evaluate_cli.main(["generate", "--system", system, "--data", str(data), "--preset", "cnndm",
                                  "--workers", "1", "--resamples", "20", "--out", str(dirs[system])])
        assert code == 0
    return dirs


def summaries_in(packet: str, number: int) -> dict:
    """{letter: summary text} of document ``number`` in a packet."""
    section = packet.split(f"## Document {number}\n", 1)[1].split("\n## Document ", 1)[0]
    found = re.findall(r"### Summary ([A-Z])\n\n(.*?)(?=\n### Summary |\Z)", section, flags=re.S)
    return {letter: body.strip() for letter, body in found}


def test_the_packet_hides_the_systems_and_the_key_names_them(outputs, tmp_path):
    out = blind.write_packet(tmp_path / "reading", [outputs["lead1"], outputs["lead3"]], n=6, seed=3, with_reference=True)
    packet = (out / "packet.md").read_text()
    key = json.loads((out / "key.json").read_text())
    assert "lead1" not in packet and "lead3" not in packet and "reference" not in packet.lower().split("# document 1")[-1]
    assert key["systems"] == [str(outputs["lead1"]), str(outputs["lead3"]), "reference"]
    assert len(key["documents"]) == 6 == packet.count("\n## Document ")
    orders = set()
    for doc in key["documents"]:
        shown = summaries_in(packet, doc["document"])
        assert sorted(shown) == ["A", "B", "C"] == sorted(doc["summaries"])
        i = doc["index"]
        assert f"story {i} " in packet.split(f"## Document {doc['document']}\n", 1)[1].split("###", 1)[0]  # its article
        by_system = {system: shown[letter] for letter, system in doc["summaries"].items()}
        # each system's own summary under its letter: Lead-1 one sentence, Lead-3 three, the reference its own
        assert by_system[str(outputs["lead1"])].count("\n- ") == 0 and by_system[str(outputs["lead3"])].count("\n- ") == 2
        assert by_system["reference"] == f"- The {TOPICS[i]} story {i}."
        assert by_system[str(outputs["lead1"])] == f"- Sentence 0 of story {i} tells of the {TOPICS[i]} and of item{i}x0 in detail."
        orders.add(tuple(doc["summaries"][letter] for letter in "ABC"))
    assert len(orders) > 1  # the letters are shuffled per document
    # the same seed draws the same documents and letters
    again, again_key = blind.packet([outputs["lead1"], outputs["lead3"]], n=6, seed=3, with_reference=True)
    assert again_key == key and again.rstrip("\n") == packet.rstrip("\n")


def test_tally_counts_the_answers_per_system(outputs, tmp_path):
    out = blind.write_packet(tmp_path / "reading", [outputs["lead1"], outputs["lead3"]], n=4, seed=1)
    key = json.loads((out / "key.json").read_text())
    lead1, lead3 = str(outputs["lead1"]), str(outputs["lead3"])
    lines = [(out / "answers.tsv").read_text().rstrip("\n")]
    for doc in key["documents"]:
        letter_of = {system: letter for letter, system in doc["summaries"].items()}
        # the reader finds Lead-1 fluent with one unsupported statement, Lead-3 not fluent with two broken sentences
        lines.append(f"{doc['document']}\t{letter_of[lead1]}\tyes\t0\t1\t0")
        lines.append(f"{doc['document']}\t{letter_of[lead3]}\tno\t2\t0\t1")
        # the last document a tie: no preference
        choice = "tie" if doc is key["documents"][-1] else letter_of[lead1]
        lines.append(f"{doc['document']}\tpreferred\t{choice}")
    (out / "answers.tsv").write_text("\n".join(lines) + "\n")
    code = evaluate_cli.main(["blind-tally", str(out), "--out", str(tmp_path / "tally.json")])
    assert code == 0
    result = json.loads((tmp_path / "tally.json").read_text())
    assert result[lead1] == dict(read=4, fluent=4, with_broken=0, with_unsupported=4, with_dangling=0, broken=0,
                                 unsupported=4, dangling=0, preferred=3, tied=1)
    assert result[lead3] == dict(read=4, fluent=0, with_broken=4, with_unsupported=0, with_dangling=4, broken=8,
                                 unsupported=0, dangling=4, preferred=0, tied=1)
    assert "| 3 (1 tied) |" in blind.format_tally(result)


@pytest.mark.parametrize("line,message", [
    ("1\tA\tmaybe\t0\t0\t0", "fluent must be yes or no"),
    ("1\tA\tyes\t-1\t0\t0", "broken must be >= 0"),
    ("1\tA\tyes\t0\t0", "expected 6 tab-separated fields"),
    ("one\tA\tyes\t0\t0\t0", "document must be a number"),
    ("1\tA\tyes\t0\tmany\t0", "unsupported must be a whole number"),
])
def test_bad_answers_get_a_message_with_the_line(tmp_path, line, message):
    path = tmp_path / "answers.tsv"
    path.write_text("document\tsummary\tfluent\tbroken\tunsupported\tdangling\n" + line + "\n")
    with pytest.raises(EvaluationError, match=message) as err:
        blind.read_answers(path)
    assert f"{path}:2" in str(err.value)


def test_bad_requests_get_a_message(outputs, tmp_path, capsys):
    with pytest.raises(EvaluationError, match="needs two summaries"):
        blind.packet([outputs["lead1"]], n=2)
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps({"id": "x", "article": article(0, "harbour"), "summary": "x."}) + "\n")
    assert evaluate_cli.main(["generate", "--system", "lead3", "--data", str(other), "--preset", "cnndm",
                              "--workers", "1", "--resamples", "20", "--out", str(tmp_path / "other")]) == 0
    with pytest.raises(EvaluationError, match="not on the same documents"):
        blind.packet([outputs["lead1"], tmp_path / "other"], n=2)
    assert evaluate_cli.main(["blind-tally", str(tmp_path)]) == 2
    assert "not a directory written by evaluate.py blind" in capsys.readouterr().err


def test_a_fresh_reading_draws_none_of_an_earlier_readings_documents(outputs, tmp_path):
    first = tmp_path / "first"
    assert evaluate_cli.main(["blind", "--out", str(first), "--n", "3", "--seed", "5",
                              str(outputs["lead1"]), str(outputs["lead3"])]) == 0
    read_before = blind.read_ids(first)
    assert len(read_before) == 3 and all(doc_id.startswith("doc-") for doc_id in read_before)
    # the same seed without --exclude draws the same documents as before (the draw did not change)
    _, same = blind.packet([outputs["lead1"], outputs["lead3"]], n=3, seed=5)
    assert [doc["id"] for doc in same["documents"]] == read_before
    fresh = tmp_path / "fresh"
    assert evaluate_cli.main(["blind", "--out", str(fresh), "--n", "5", "--seed", "5", "--exclude", str(first),
                              str(outputs["lead1"]), str(outputs["lead3"])]) == 0
    key = json.loads((fresh / "key.json").read_text())
    drawn = [doc["id"] for doc in key["documents"]]
    assert len(drawn) == 5 and not set(drawn) & set(read_before) and key["excluded"] == 3
    assert sorted(drawn + read_before) == sorted(f"doc-{i}" for i in range(len(TOPICS)))  # 8 articles in all
    # every document read before: a clear error, not an empty packet; a directory that is no reading: another
    with pytest.raises(EvaluationError, match="every document was read before"):
        blind.packet([outputs["lead1"], outputs["lead3"]], n=2, exclude=drawn + read_before)
    with pytest.raises(EvaluationError, match="not a directory written by evaluate.py blind"):
        blind.read_ids(tmp_path)
