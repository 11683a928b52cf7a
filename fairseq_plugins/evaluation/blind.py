"""A blind reading of two or more systems' summaries of the same documents.

ROUGE cannot say whether a summary reads as sentences, states what the document states, or leans
on sentences it left out; a person reading can. ``packet`` draws ``n`` documents (seeded) from
output directories of ``evaluate.py generate`` on the same documents, and writes for each the
article and every system's summary as a person gets it (``readable``), under letters shuffled per
document, so that the reader cannot tell the systems apart; the reference can join them as one
more anonymous summary. The key (which letter is which system) goes to a separate file that the
reader never sees. The reader answers one line a summary in a tab-separated file:

    document  summary  fluent  broken  unsupported  dangling
    1         A        yes     0       1            0

``fluent``: yes/no, the summary reads as well-formed sentences; ``broken``: how many of its
sentences are not well-formed (cut, spliced, a fragment); ``unsupported``: statements the article
does not support (a wrong number, a wrong agent, a fact not in it); ``dangling``: references a
reader cannot resolve ("these results", an undefined abbreviation, "he" with no one named).
An optional line ``document  preferred  LETTER`` records the summary the reader would rather have
(``tie`` instead of a letter: no preference, e.g. for summaries that are word for word the same).
``tally`` joins the answers with the key: per system, summaries read, fluent ones, summaries
with a broken sentence or an unsupported statement, and the totals of each count, and how often
it was preferred. A reading meant to measure a system that was changed after an earlier one read
its documents draws other documents: ``read_ids`` of the earlier readings, ``exclude`` to ``packet``.
"""
import csv
import json
import random
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from .. import text
from .harness import EvaluationError, _articles_of, check_same_documents, read_outputs

REFERENCE = "reference"
TIE = "TIE"  # a preferred line that prefers neither summary
ANSWER_FIELDS = ("fluent", "broken", "unsupported", "dangling")
PACKET = "packet.md"
KEY = "key.json"
ANSWERS_TEMPLATE = "answers.tsv"

QUESTIONS = """For every summary, one line in answers.tsv (tab-separated, a header line first):
document, summary letter, fluent (yes/no: it reads as well-formed sentences), broken (how many of
its sentences are cut off, spliced from unrelated pieces or fragments), unsupported (how many of
its statements the article does not support: a wrong number, name or agent, a fact not in the
article), dangling (how many references a reader cannot resolve: "these results", an undefined
abbreviation, a pronoun with no one named). Then, per document, a line
`document<TAB>preferred<TAB>LETTER` for the summary you would rather be given (`tie` instead of
the letter when you have no preference, e.g. when the summaries are the same word for word)."""


def _readable(line: str, article: str) -> str:
    from ..text.readable import readable

    return "\n".join(f"- {s}" for s in readable(line.split(text.SENTENCE_SEPARATOR), article)) or "(empty)"


def read_ids(reading_dir) -> List[str]:
    """The ids of the documents an earlier reading (a directory ``write_packet`` wrote) drew."""
    path = Path(reading_dir) / KEY
    try:
        return [doc["id"] for doc in json.loads(path.read_text())["documents"]]
    except (OSError, ValueError, KeyError, TypeError):
        raise EvaluationError(f"{reading_dir}: no readable {KEY}; not a directory written by evaluate.py blind") from None


def packet(out_dirs: Sequence, n: int, seed: int = 1, with_reference: bool = False,
           exclude: Sequence[str] = ()) -> Tuple[str, dict]:
    """(markdown for the reader, the key) for ``n`` documents drawn (seeded) from output
    directories of the same documents, none of whose ids is in ``exclude``; their raw articles come
    from the data file their ``scores.json`` names, which must still be there."""
    if len(out_dirs) + with_reference < 2:
        raise EvaluationError("a blind reading needs two summaries a document: two output directories, or one "
                              "and the reference")
    if n < 1:
        raise EvaluationError(f"n must be >= 1, got {n}")
    outputs = [read_outputs(d) for d in out_dirs]
    for d, other in zip(out_dirs[1:], outputs[1:]):
        check_same_documents(outputs[0], other, out_dirs[0], d)
    excluded = set(exclude)
    # a list of the same indices draws the same sample as the range did before there was `exclude`
    pool = [i for i, doc_id in enumerate(outputs[0]["ids"]) if doc_id not in excluded]
    if not pool:
        raise EvaluationError(f"{out_dirs[0]}: every document was read before (the excluded readings hold all "
                              f"{len(outputs[0]['ids'])})")
    rng = random.Random(seed)
    chosen = sorted(rng.sample(pool, min(n, len(pool))))
    articles = _articles_of(outputs[0]["meta"], chosen)
    if len(articles) != len(chosen):
        raise EvaluationError(f"{out_dirs[0]}: the articles are not readable from the data file its scores.json "
                              f"names ({outputs[0]['meta'].get('data')!r})")
    systems = [str(d) for d in out_dirs] + ([REFERENCE] if with_reference else [])
    lines = ["# Blind reading", "", QUESTIONS, ""]
    documents = []
    for number, i in enumerate(chosen, start=1):
        summaries = [o["hypotheses"][i] for o in outputs] + ([outputs[0]["references"][i]] if with_reference else [])
        order = list(range(len(systems)))
        rng.shuffle(order)
        letters = {chr(ord("A") + position): systems[s] for position, s in enumerate(order)}
        documents.append({"document": number, "index": outputs[0]["meta"]["indices"][i], "id": outputs[0]["ids"][i],
                          "summaries": letters})
        lines += [f"## Document {number}", "", articles[i].strip(), ""]
        for position, s in enumerate(order):
            lines += [f"### Summary {chr(ord('A') + position)}", "", _readable(summaries[s], articles[i]), ""]
    key = {"systems": systems, "seed": seed, "data": outputs[0]["meta"].get("data"), "documents": documents}
    if excluded:
        key["excluded"] = len(excluded)
    return "\n".join(lines), key


def write_packet(out_dir, out_dirs: Sequence, n: int, seed: int = 1, with_reference: bool = False,
                 exclude: Sequence[str] = ()) -> Path:
    """packet.md and an empty answers.tsv (for the reader) and key.json (not for the reader) in ``out_dir``."""
    markdown, key = packet(out_dirs, n, seed, with_reference, exclude)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / PACKET).write_text(markdown + "\n", encoding="utf-8")
    (out / KEY).write_text(json.dumps(key, indent=1) + "\n")
    (out / ANSWERS_TEMPLATE).write_text("\t".join(("document", "summary") + ANSWER_FIELDS) + "\n")
    return out


def _count(value: str, field: str, where: str) -> int:
    try:
        count = int(value)
    except ValueError:
        raise EvaluationError(f"{where}: {field} must be a whole number, got {value!r}") from None
    if count < 0:
        raise EvaluationError(f"{where}: {field} must be >= 0, got {count}")
    return count


def read_answers(path) -> Tuple[Dict[Tuple[int, str], dict], Dict[int, str]]:
    """answers.tsv -> ({(document, letter): answer}, {document: preferred letter})."""
    path = Path(path)
    if not path.is_file():
        raise EvaluationError(f"{path}: no such answers file")
    answers: Dict[Tuple[int, str], dict] = {}
    preferred: Dict[int, str] = {}
    with path.open(encoding="utf-8", newline="") as f:
        for line_number, row in enumerate(csv.reader(f, delimiter="\t"), start=1):
            row = [cell.strip() for cell in row]
            if not row or not any(row) or row[0] == "document":
                continue
            where = f"{path}:{line_number}"
            try:
                document = int(row[0])
            except ValueError:
                raise EvaluationError(f"{where}: the document must be a number, got {row[0]!r}") from None
            if len(row) >= 3 and row[1].lower() == "preferred":
                preferred[document] = row[2].upper()
                continue
            if len(row) != 2 + len(ANSWER_FIELDS):
                raise EvaluationError(f"{where}: expected {2 + len(ANSWER_FIELDS)} tab-separated fields "
                                      f"(document, summary, {', '.join(ANSWER_FIELDS)}), got {len(row)}")
            fluent = row[2].lower()
            if fluent not in ("yes", "no"):
                raise EvaluationError(f"{where}: fluent must be yes or no, got {row[2]!r}")
            answers[(document, row[1].upper())] = dict(
                fluent=fluent == "yes", **{f: _count(v, f, where) for f, v in zip(ANSWER_FIELDS[1:], row[3:])})
    return answers, preferred


def tally(key: dict, answers: Dict[Tuple[int, str], dict], preferred: Optional[Dict[int, str]] = None) -> Dict[str, dict]:
    """Per system: ``read`` summaries, ``fluent`` ones, summaries ``with_broken`` / ``with_unsupported``
    / ``with_dangling`` (one or more), the totals of those counts, and times ``preferred``."""
    preferred = preferred or {}
    result = {s: dict(read=0, fluent=0, with_broken=0, with_unsupported=0, with_dangling=0, broken=0,
                      unsupported=0, dangling=0, preferred=0, tied=0) for s in key["systems"]}
    for doc in key["documents"]:
        for letter, system in doc["summaries"].items():
            answer = answers.get((doc["document"], letter))
            if answer is None:
                continue
            row = result[system]
            row["read"] += 1
            row["fluent"] += answer["fluent"]
            for field in ANSWER_FIELDS[1:]:
                row[field] += answer[field]
                row[f"with_{field}"] += answer[field] > 0
        choice = preferred.get(doc["document"])
        if choice == TIE:
            for system in doc["summaries"].values():
                result[system]["tied"] += 1
        elif choice is not None:
            if choice not in doc["summaries"]:
                raise EvaluationError(f"document {doc['document']}: preferred {choice!r} is not one of its summaries "
                                      f"({', '.join(doc['summaries'])})")
            result[doc["summaries"][choice]]["preferred"] += 1
    return result


def format_tally(result: Dict[str, dict]) -> str:
    """A markdown table of ``tally``'s counts."""
    lines = ["| system | read | fluent | with a broken sentence | with an unsupported statement | with a dangling "
             "reference | broken / unsupported / dangling (total) | preferred |", "|---|---|---|---|---|---|---|---|"]
    for system, r in result.items():
        lines.append(f"| {system} | {r['read']} | {r['fluent']} | {r['with_broken']} | {r['with_unsupported']} | "
                     f"{r['with_dangling']} | {r['broken']} / {r['unsupported']} / {r['dangling']} | {r['preferred']}"
                     + (f" ({r['tied']} tied)" if r.get("tied") else "") + " |")
    return "\n".join(lines)


__all__: List[str] = ["packet", "write_packet", "read_answers", "tally", "format_tally", "REFERENCE"]
