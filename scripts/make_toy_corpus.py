#!/usr/bin/env python3
"""Write a small synthetic corpus (JSON Lines: id, article, summary) for smoke runs.

News (the default): templated sentences about invented people and places; the reference summary
is the lead two sentences, so a model can learn something in a few hundred updates.  Papers
(``--papers``): long invented study reports (a few thousand words, numbers, bracketed citations,
one sentence a line, as SumPubMed) whose abstract restates a result from the middle of the paper,
for the long-input path (``prepare_data.py --mask-numbers``, thousands of source pieces).  It
exists so that the tests and the quick-start run anywhere, without any real data set.

    python scripts/make_toy_corpus.py OUT_DIR [--train 400 --valid 40 --seed 1] [--papers]
"""
import argparse
import json
import os
import random
from pathlib import Path

PEOPLE = ["Alice Moreno", "Bao Tran", "Carla Diaz", "Dmitri Volkov", "Erin Walsh", "Farid Haddad",
          "Grace Okafor", "Hugo Lindqvist", "Ines Sato", "Jonas Berg", "Keira Patel", "Luis Ortega"]
PLACES = ["Lisbon", "Nairobi", "Osaka", "Quebec", "Tallinn", "Valparaiso", "Perth", "Krakow",
          "Denver", "Accra", "Hanoi", "Bergen"]
THINGS = ["a new bridge", "the city budget", "a rescue mission", "the football final",
          "a vaccine trial", "the election result", "a museum opening", "the river flood"]
OPENERS = [
    "{person} announced {thing} in {place} on {day}.",
    "Officials in {place} said {person} would lead {thing}.",
    "{person} told reporters in {place} that {thing} was on track.",
]
FOLLOW_UPS = [
    "The plan will cost about {n} million dollars, according to the council.",
    "Around {n} people attended the event, police said.",
    "It is the first time since {year} that {place} has seen such a project.",
    "Critics said the decision was rushed and asked for more debate.",
    "{person} did n't answer questions about the timetable.",
    "Local newspapers called it \"a turning point\" for the region.",
    "The work is expected to last {n} months.",
    "Residents of {place} welcomed the news on Monday.",
]
DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"]

GENES = ["ABC1", "Sox9", "IL-6", "TP53", "Wnt3a", "CD4"]
TISSUES = ["liver", "root tips", "plasma", "leaf discs", "cortex", "gut epithelium"]
PAPER_SENTENCES = [
    "Expression of {gene} in {tissue} rose {x}-fold after {n} days [{c}].",
    "We sampled {n} plants from each of {m} sites (Table {m}).",
    "The mean level was {x} \u00b1 {y} mg per gram (Lopez et al., {year}).",
    "These results agree with earlier reports on {gene} [{c}, {d}].",
    "Samples were stored at -{n} degrees before analysis.",
    "A total of {n} of {m}00 reads mapped to {gene}.",
]


def toy_paper(rng: random.Random, index: int) -> dict:
    """A long invented paper (one sentence a line) and a two-sentence abstract."""
    def slots():
        return dict(gene=rng.choice(GENES), tissue=rng.choice(TISSUES), x=round(rng.uniform(1.5, 9.5), 1),
                    y=round(rng.uniform(0.1, 0.9), 2), n=rng.randint(2, 90), m=rng.randint(2, 9),
                    c=rng.randint(1, 40), d=rng.randint(41, 80), year=rng.randint(1990, 2020))

    body = [rng.choice(PAPER_SENTENCES).format(**slots()) for _ in range(rng.randint(150, 250))]
    key = slots()
    finding = PAPER_SENTENCES[0].format(**key).replace(f" [{key['c']}]", "")
    body.insert(len(body) // 2, finding)
    abstract = [f"We studied {key['gene']} in {key['tissue']}.", finding]
    return {"id": f"toy-paper-{index:05d}", "article": "\n".join(body), "summary": "\n".join(abstract)}


def toy_pair(rng: random.Random, index: int) -> dict:
    slots = dict(person=rng.choice(PEOPLE), place=rng.choice(PLACES), thing=rng.choice(THINGS),
                 day=rng.choice(DAYS), n=rng.randint(2, 90), year=rng.randint(1950, 2015))
    lead = [rng.choice(OPENERS).format(**slots), rng.choice(FOLLOW_UPS).format(**slots)]
    rest = [rng.choice(FOLLOW_UPS).format(**slots) for _ in range(rng.randint(4, 9))]
    return {"id": f"toy-{index:05d}", "article": " ".join(lead + rest), "summary": "\n".join(lead)}


def write_toy_corpus(out_dir, n_train: int = 400, n_valid: int = 40, seed: int = 1, papers: bool = False) -> dict:
    """Writes OUT_DIR/{train,valid}.jsonl (news, or with `papers` long papers); returns {split: path}."""
    make = toy_paper if papers else toy_pair
    rng = random.Random(seed)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths, start = {}, 0
    for split, count in (("train", n_train), ("valid", n_valid)):
        path = out_dir / f"{split}.jsonl"
        tmp = path.with_suffix(".jsonl.tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            for i in range(start, start + count):
                f.write(json.dumps(make(rng, i)) + "\n")
        os.replace(tmp, path)
        paths[split], start = path, start + count
    return paths


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--train", type=int, default=400)
    parser.add_argument("--valid", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--papers", action="store_true", help="long papers with numbers and citations")
    args = parser.parse_args(argv)
    for split, path in write_toy_corpus(args.out_dir, args.train, args.valid, args.seed, args.papers).items():
        print(f"{split}: {path}")


if __name__ == "__main__":
    main()
