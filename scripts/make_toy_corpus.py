#!/usr/bin/env python3
"""Write a small synthetic news corpus (JSON Lines: id, article, summary) for smoke runs.

The articles are templated sentences about invented people and places; the reference summary is
the lead two sentences, so a model can learn something in a few hundred updates. It exists so
that the tests and the quick-start run anywhere, without any real data set.

    python scripts/make_toy_corpus.py OUT_DIR [--train 400 --valid 40 --seed 1]
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


def toy_pair(rng: random.Random, index: int) -> dict:
    slots = dict(person=rng.choice(PEOPLE), place=rng.choice(PLACES), thing=rng.choice(THINGS),
                 day=rng.choice(DAYS), n=rng.randint(2, 90), year=rng.randint(1950, 2015))
    lead = [rng.choice(OPENERS).format(**slots), rng.choice(FOLLOW_UPS).format(**slots)]
    rest = [rng.choice(FOLLOW_UPS).format(**slots) for _ in range(rng.randint(4, 9))]
    return {"id": f"toy-{index:05d}", "article": " ".join(lead + rest), "summary": "\n".join(lead)}


def write_toy_corpus(out_dir, n_train: int = 400, n_valid: int = 40, seed: int = 1) -> dict:
    """Writes OUT_DIR/{train,valid}.jsonl; returns {split: path}."""
    rng = random.Random(seed)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    paths, start = {}, 0
    for split, count in (("train", n_train), ("valid", n_valid)):
        path = out_dir / f"{split}.jsonl"
        tmp = path.with_suffix(".jsonl.tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            for i in range(start, start + count):
                f.write(json.dumps(toy_pair(rng, i)) + "\n")
        os.replace(tmp, path)
        paths[split], start = path, start + count
    return paths


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out_dir")
    parser.add_argument("--train", type=int, default=400)
    parser.add_argument("--valid", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for split, path in write_toy_corpus(args.out_dir, args.train, args.valid, args.seed).items():
        print(f"{split}: {path}")


if __name__ == "__main__":
    main()
