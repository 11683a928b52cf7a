"""Where a masked paper's data set lost a stop with a number (text.lost_stops): the model's equation against a
hand computation, the places it weighs, the shipped model on run-on and whole sentences, the Document that passes
such a line over, and the training script end to end on a corpus built here."""
import gzip
import importlib.util
import json
import math
from pathlib import Path

from fairseq_plugins.text import Document
from fairseq_plugins.text.lost_stops import (MODEL_PATH, LostStopModel, features, runs_on_at_a_number,
                                             shipped_model)

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "train_lost_stops.py"
RUN_ON = ("the genome holds a circular chromosome and a small plasmid designated as pab <dig> mapping of the gene set "
          "was performed against the reference genome .")
WHOLE = [
    "we found that tlr <dig> expression was increased in the cells treated with lps .",
    "the cells were grown at 37 °c in 5 % co <dig> for two days before the assay was performed .",
    "expression of il- <dig> was higher in the treated mice than in the controls .",
]


def test_the_probability_is_the_logistic_of_the_bias_and_the_weights_of_the_features_present():
    tokens = "the plasmid pab <dig> mapping of the genes was done .".split()
    found = features(tokens, 3)
    for feature in ("p1=pab", "p2=plasmid", "n1=mapping", "n2=of", "n1n2=mapping_of", "p1n1=pab_mapping",
                    "tail_verb=True", "head_verb=False", "opener=<s>"):
        assert feature in found
    model = LostStopModel({"n1=mapping": 3.0, "p1=pab": 0.5, "n1=expression": -9.0}, bias=-1.0, threshold=0.5)
    assert math.isclose(model.probability(tokens, 3), 1 / (1 + math.exp(-(-1.0 + 3.0 + 0.5))))
    # a feature the model has no weight for adds nothing: only the bias is left
    assert math.isclose(model.probability("the gene abc <dig> was cut .".split(), 3), 1 / (1 + math.exp(1.0)))


def test_the_places_are_numbers_inside_the_sentence_where_no_fronted_phrase_ends():
    assert LostStopModel.places(RUN_ON) == [RUN_ON.split().index("<dig>")]
    # too near the end for a sentence to follow, or at the start
    assert LostStopModel.places("<dig> mice were treated with drug x <dig> .") == []
    assert LostStopModel.places("the dose was raised to <dig> mg .") == []
    # "in a mutant for bim <dig> | this delay is abolished": the fronted phrase ends at the number
    assert LostStopModel.places("in a mutant for bim <dig> this delay is abolished in all cells .") == []


def test_a_fronted_phrase_ends_at_its_first_number_and_a_number_after_its_main_clause_is_a_place():
    """Past the first number of a fronted phrase whose main clause has begun (a predicate after that number, or a
    finite verb in it), a number is a place again (a blind reader found the first sentence run together); a
    subordinate or purpose clause opening the sentence, and a phrase whose later numbers only list, stay left out."""
    past = ("as shown in fig . <dig> all complemented irx <dig> plants exhibited thickened cell walls compared to irx "
            "<dig> the majority of xylem vessels were characterized by large open round cells .")
    tokens = past.split()
    assert LostStopModel.places(past) == [i for i, t in enumerate(tokens) if t == "<dig>"][1:]
    assert runs_on_at_a_number(past)
    found = "remaining trees are found in the additional files <dig> and <dig> used together with the data ."
    assert LostStopModel.places(found) == [i for i, t in enumerate(found.split()) if t == "<dig>"]
    for fronted in ("as shown in tables <dig> and <dig> the overall performance was rather satisfactory .",
                    "since the models in stage <dig> are more similar than in stage <dig> in most cases the results agree .",
                    "to determine if the whole trpm <dig> population lacks snap- <dig> we tested the papillae ."):
        assert LostStopModel.places(fronted) == [], fronted


def test_the_shipped_model_finds_a_run_on_and_leaves_whole_sentences():
    model = shipped_model()
    assert model.weights and 0 < model.threshold < 1
    assert runs_on_at_a_number(RUN_ON)
    for sentence in WHOLE:
        assert not runs_on_at_a_number(sentence), sentence
    assert not runs_on_at_a_number("a sentence with no number in it at all .")
    # run-ons a blind reader found in chosen sentences, whose P is below 0.2 and from the shipped threshold on
    for run_on in ("considering that onac <dig> is closely related to onac <dig> , we also examined whether altered "
                   "expression of onac <dig> in transgenic plants affected the expression of onac <dig> qrt - pcr data "
                   "showed that the expression level of onac <dig> in onac095-oe and onac095-srdx plants was comparable "
                   "to that in wt , indicating that altered expression of onac <dig> does not affect the expression of "
                   "onac <dig> in transgenic rice .",
                   "we have shown that zhangfei exerts its effect on cell growth and the upr by stabilizing p <dig> and it "
                   "therefore has no effect on cancer cells that do not possess functional p <dig> to assess the status "
                   "of p <dig> in the canine cell lines we amplified p <dig> transcripts from the cells using pcr and "
                   "determined the nucleotide sequences of the products ."):
        assert 0.12 <= model.highest(run_on) < 0.2 and runs_on_at_a_number(run_on), run_on
    # and from the threshold of 0.085 (three in ten of a sample of chosen sentences between it and 0.12 broken)
    for run_on in ("hfpne can deal with three types of data – discrete , continuous , and generic – and comprises three "
                   "types of elements – entities , processes , and connectors – whose symbols are illustrated in figure "
                   "<dig> a discrete entity holds a positive integer number of content .",
                   "the amino acid sequence similarity between atcuao <dig> and the other two atcuaos was also low , <dig> "
                   "% with atcuao <dig> and <dig> % with atcuao <dig> while atcuao <dig> exhibited <dig> % similarity "
                   "with atcuao <dig> amino acid residues shown to be important for the catalytic activity of plant "
                   "cuaos are apparently conserved in the three atcuaos studied in this work ."):
        assert 0.085 <= model.highest(run_on) < 0.12 and runs_on_at_a_number(run_on), run_on


def test_a_masked_paper_passes_the_run_on_line_over_and_keeps_the_others():
    # as the data set writes a paper: its numbers already masked, the run-on's stop lost with "pab2."
    raw = "\n".join([
        "the genome holds a circular chromosome and a small plasmid designated as pab <dig> mapping of the gene set "
        "was performed against the reference genome.",
        "we found that tlr <dig> expression was increased in the cells treated with lps.",
        "expression of il- <dig> was higher in the treated mice than in the controls.",
    ])
    document = Document.prepare(raw, masked=True)
    assert document.sentences[0] == RUN_ON
    assert 0 in document.non_sentences
    assert not {1, 2} & document.non_sentences
    # a text not read as the masked data set is not weighed
    assert 0 not in Document.prepare(RUN_ON).non_sentences


def _corpus(path, papers):
    """Papers of sentences made here: some end on a name's number before the next sentence, and numbers stand
    inside others."""
    with gzip.open(path, "wt", encoding="utf-8") as f:
        for k in range(papers):
            lines = [
                "the strains were grown in rich medium for <dig> days before the assay was done.",
                "the plasmid carried the gene abc <dig> .",
                "we found that the cells divided faster than the wild type in every medium.",
                "expression of il- <dig> was higher in the treated mice than in the controls.",
                f"the samples were stored at <dig> degrees in box {'abcdefghijklmnopqrstuvwxyz'[k]} until the "
                "extraction was performed.",
            ]
            f.write(json.dumps({"id": f"p{k}", "article": "\n".join(lines), "abstract": "a summary."}) + "\n")


def test_the_training_script_fits_and_writes_a_model_that_loads(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("train_lost_stops", SCRIPT)
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    data = tmp_path / "papers.jsonl.gz"
    _corpus(data, 24)
    out = tmp_path / "model.json"
    script.main(["--data", str(data), "--start", "0", "--limit", "16", "--held-out-start", "16", "--held-out-limit", "8",
          "--min-count", "2", "--threshold", "0.4", "--workers", "1", "--out", str(out)])
    printed = capsys.readouterr().out
    assert "held-out AUC" in printed and "wrote" in printed
    model = LostStopModel.load(str(out))
    assert model.threshold == 0.4 and model.weights
    # the places it was fitted on: a name's number before a new sentence weighs more than one inside a sentence
    lost = "the plasmid carried the gene abc <dig> we found that the cells divided faster than the wild type .".split()
    inside = "expression of il- <dig> was higher in the treated mice than in the controls .".split()
    assert model.probability(lost, lost.index("<dig>")) > model.probability(inside, inside.index("<dig>"))
    assert out.read_text(encoding="utf-8") != open(MODEL_PATH, encoding="utf-8").read()
