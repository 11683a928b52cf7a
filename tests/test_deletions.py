"""Which of a rewriter's deletions stand (text.deletions): with the ``clauses`` rule only deletions of a
whole side part of the sentence (a clause set off by commas, a parenthesis, an opening phrase), the
rest put back; through the one way back (rewriting.rewritten) and its counts."""
import pytest

from fairseq_plugins.text import Document, deletions, rewriting
from fairseq_plugins.text.deletions import (DELETION_RULES, _continues_a_list_of_modifiers, announced_list_positions,
                                            bullet_positions, clause_bounded, clause_positions, deletion_spans,
                                            enumerated_item_positions, enumeration_positions, list_positions,
                                            main_clause_positions, ordinal_positions, predicate_positions,
                                            project_clauses, range_positions, tidy, tidy_positions)

SENTENCE = "jeremy clarkson 's producer , oisin tymon , 36 , will not press charges , police said ."


def undoes(sentence, part):
    """Whether the clause rule puts ``part`` back when a rewrite deletes it from ``sentence``: the summary sentence is
    the source sentence as it stands."""
    return project_clauses([sentence], [sentence.replace(part, "")]) == [sentence]


def _is_subsequence(short, long):
    rest = iter(long)
    return all(word in rest for word in short)


def test_the_deleted_runs_are_what_the_rewrite_leaves_out():
    source = "a b c d e f .".split()
    assert deletion_spans(source, "a b e f .".split()) == [(2, 4)]
    assert deletion_spans(source, "b c f".split()) == [(0, 1), (3, 5), (6, 7)]
    assert deletion_spans(source, source) == []
    # an added word takes nothing away
    assert deletion_spans(source, "a b x c d e f .".split()) == []


@pytest.mark.parametrize("rewrite, expected", [
    # appositions set off by commas go; the attribution stays (without it a claim reads as a fact)
    ("jeremy clarkson 's producer will not press charges .",
     "jeremy clarkson 's producer will not press charges , police said ."),
    ("jeremy clarkson 's producer , oisin tymon , will not press charges .",
     "jeremy clarkson 's producer , oisin tymon , will not press charges , police said ."),
    # cut into a clause: "who did what" would change, so "'s producer" comes back; the appositions go
    ("jeremy clarkson will not press charges .", "jeremy clarkson 's producer will not press charges , police said ."),
    # the deleted negation and first name come back; the side parts the rewrite dropped stay out
    ("clarkson 's producer will press charges .", "jeremy clarkson 's producer will not press charges , police said ."),
    # nothing deleted (the decoder copied): the sentence as it stands
    (SENTENCE, SENTENCE),
])
def test_only_deletions_of_whole_side_parts_stand(rewrite, expected):
    assert project_clauses([SENTENCE], [rewrite]) == [expected]


def test_a_sentence_cut_where_its_point_was_is_put_back():
    sentence = "leon osman believes sunday 's 2 - 1 win at qpr could be the start of something special ."
    assert project_clauses([sentence], ["leon osman believes sunday 's 2 - 1 win at qpr ."]) == [sentence]
    # a parenthesis and a trailing part may go; an opening phrase may not (it may frame the rest),
    # nor a word inside "petite , blonde"; with one comma kept before it, the trailing part stays
    # (an odd comma may open a side part)
    sentence = "in perth , a petite , blonde woman ( left ) opens the front door , dressed in skinny jeans ."
    assert project_clauses([sentence], ["a petite woman opens the front door ."]) == [
        "in perth , a petite , blonde woman opens the front door ."]
    sentence = "a petite , blonde woman ( left ) opens the front door , dressed in skinny jeans ."
    assert project_clauses([sentence], ["a woman opens the front door ."]) == [
        "a petite , blonde woman opens the front door , dressed in skinny jeans ."]
    # a dateline may go
    sentence = "london ( cnn ) a blonde woman opens the front door ."
    assert project_clauses([sentence], ["a woman opens the front door ."]) == ["a blonde woman opens the front door ."]
    # the main clause stays when what is left would open with a subordinate clause
    sentence = "as jets carry out airstrikes , officials are waging a campaign of their own ."
    assert project_clauses([sentence], ["as jets carry out airstrikes ."]) == [sentence]
    # the main clause may not go when what is left opens with a connective
    sentence = "he was arrested on monday , and police are investigating ."
    assert project_clauses([sentence], ["police are investigating ."]) == [sentence]
    assert project_clauses([sentence], ["he was arrested on monday ."]) == ["he was arrested on monday ."]


def test_the_result_is_always_a_subsequence_of_the_sentence_with_its_numbers_and_negations():
    sentence = "the drug , given twice daily , did not reduce mortality ( p = 0.04 ) in 120 patients ."
    for rewrite in ("the drug reduced mortality .", "the drug did not reduce mortality in 12 patients .",
                    "the drug , given twice daily , did not reduce mortality in 120 patients .", "mortality .", ""):
        (result,) = project_clauses([sentence], [rewrite])
        assert _is_subsequence(result.split(), sentence.split()), rewrite
        assert "not" in result.split() and "mortality" in result.split()


def test_each_sentence_of_a_chosen_unit_is_judged_on_its_own():
    first, second = "he won , aged 20 .", "the club , based in leeds , paid ."
    assert project_clauses([first, second], ["he won .", "the club paid ."]) == ["he won .", "the club paid ."]
    # a deletion across the two sentences is undone
    assert project_clauses([first, second], ["he won , aged paid ."]) == [first, second]


def test_the_rule_gives_the_positions_of_the_words_it_keeps():
    source = SENTENCE.split()
    rewrite = "jeremy clarkson 's producer will not press charges .".split()
    positions = clause_positions(source, rewrite)
    assert positions == sorted(set(positions))
    assert [source[i] for i in positions] == project_clauses([SENTENCE], [" ".join(rewrite)])[0].split()
    assert [source[i] for i in positions] == "jeremy clarkson 's producer will not press charges , police said .".split()
    assert clause_positions(source, source) == list(range(len(source)))
    # the table: a preset's rule gives positions; "any" takes the rewrite as written
    assert DELETION_RULES["clauses"] is clause_positions and DELETION_RULES["any"] is None


def test_tidy_drops_the_punctuation_a_deletion_leaves():
    tokens = ", the club , , paid , .".split()
    assert tidy_positions(tokens) == [1, 2, 3, 5, 7]
    assert tidy(", the club , , paid , .".split()) == "the club , paid .".split()
    # the dashes that set off a deleted part go with it; a comma's pair leaves one comma
    source = "china 's great firewall -- a massive control system -- has been a success .".split()
    for rewrite in ("china 's great firewall has been a success .", "china 's great firewall -- has been a success ."):
        assert [source[i] for i in clause_positions(source, rewrite.split())] == \
            "china 's great firewall has been a success .".split(), rewrite
    assert tidy("china 's great firewall -- -- has been a success .".split()) == "china 's great firewall has been a success .".split()
    assert tidy("the club ) paid ( .".split()) == "the club paid .".split()
    assert tidy("the club ( leeds ) paid .".split()) == "the club ( leeds ) paid .".split()


def test_clause_bounded_edges():
    source = "on monday , the club , based in leeds , paid , a record .".split()
    assert not clause_bounded(source, 0, 3)  # "on monday ,": only a dateline may open a deletion
    assert clause_bounded("leeds ( cnn ) the club paid .".split(), 0, 4)  # "leeds ( cnn )"
    assert clause_bounded(source, 11, 14, dropped={0, 1, 2})  # ", a record" before the final stop
    assert not clause_bounded(source, 11, 14)  # with "on monday ," kept, its comma is odd
    assert clause_bounded(source, 5, 9, dropped={0, 1, 2})  # ", based in leeds"
    assert not clause_bounded(source, 9, 11, dropped={0, 1, 2})  # ", paid": the comma closes "based in leeds", the verb follows
    assert not clause_bounded("the club paid , police said .".split(), 3, 6)  # an attribution
    assert not clause_bounded(source, 4, 5)  # "club"
    assert not clause_bounded(source, 0, 14)  # everything: nothing would open the sentence


def test_the_way_back_applies_the_rule_a_preset_names():
    plain = Document.prepare("Jeremy Clarkson's producer, Oisin Tymon, 36, will not press charges, police said.")
    (sentence,) = plain.sentences
    marked = rewriting.mark_source([[f"▁{w}" for w in sentence.split()]], [0])
    output = [f"▁{w}" for w in "jeremy clarkson will not press charges .".split()]
    as_written = rewriting.rewritten(plain, output, marked)  # "any", the default
    assert as_written.sentences == ["jeremy clarkson will not press charges ."] and as_written.deletions_undone == 0
    clauses = rewriting.rewritten(plain, output, marked, deletions="clauses")
    assert clauses.deletions_undone == 1
    assert clauses.sentences == [project_clauses([sentence], ["jeremy clarkson will not press charges ."])[0]]
    assert "producer" in clauses.sentences[0] and "police said" in clauses.sentences[0]
    with pytest.raises(ValueError, match="unknown deletion rule"):
        rewriting.rewritten(plain, output, marked, deletions="some")
    assert set(DELETION_RULES) == {"any", "clauses"}


def test_a_preset_with_an_unknown_rule_is_refused():
    from fairseq_plugins.evaluation import EvaluationError, get_preset

    assert get_preset("cnndm_rewriting", deletions="clauses").deletions == "clauses"
    with pytest.raises(EvaluationError, match="unknown deletion rule"):
        get_preset("cnndm_rewriting", deletions="some")


def test_a_predicate_is_no_side_part():
    # the part after the apposition is the sentence's verb: without it, no sentence is left
    sentence = ("the officer who killed robinson , 12 - year department veteran matt kenny , had used deadly force "
                "before , shooting and killing a man in 2007 , the chief said .")
    assert project_clauses([sentence], ["the officer who killed robinson , 12 - year department veteran matt kenny ."]) \
        == ["the officer who killed robinson , 12 - year department veteran matt kenny , had used deadly force before "
            ", the chief said ."]
    assert project_clauses([sentence], ["the officer who killed robinson had used deadly force before ."]) == [
        "the officer who killed robinson had used deadly force before , the chief said ."]
    # an even number of commas before a trailing part: the side parts before it are closed
    assert project_clauses(["the club , based in leeds , paid , a record ."], ["the club , based in leeds , paid ."]) \
        == ["the club , based in leeds , paid ."]
    # ", paid" follows the comma that closes "based in leeds": it is the main clause, and stays
    assert project_clauses(["the club , based in leeds , paid , a record ."], ["the club , based in leeds ."]) \
        == ["the club , based in leeds , paid ."]


def test_the_parts_after_a_subjects_relative_clause_stay():
    """A short subject, then a relative clause: the predicate is a later part, which the words
    cannot tell from an apposition ("the couple 's daughter reece"), so those parts all stay."""
    sentence = ("englot however , who is also the mother of another child , the couple 's 3 - year - old daughter "
                "reece , started to feel things moving a little too fast .")
    assert project_clauses([sentence], ["englot however , who is also the mother of another child , the couple 's "
                                        "3 - year - old daughter reece ."]) == [sentence]
    assert predicate_positions(sentence.split()) == set(range(11, len(sentence.split())))
    # a long first part holds its own verb; a short one without a relative clause after it is no subject
    assert not predicate_positions("the police arrested the driver , who is 25 , on sunday night .".split())
    assert not predicate_positions("in the end , the driver , aged 25 , fled .".split())


def test_a_run_is_judged_side_part_by_side_part():
    # the quotation's content, the verb of saying and a piece that ends with "(" are no side parts
    sentence = ('skin responds beautifully to mindful touch , " says rachel lang , an esthetician ( skin care '
                'therapist ) , who co-founded the gym .')
    assert project_clauses([sentence], ["skin care therapist , who co-founded the gym ."]) == [sentence]
    # two appositions deleted in one run: each is a side part
    assert project_clauses([SENTENCE], ["jeremy clarkson 's producer will not press charges , police said ."]) == [
        "jeremy clarkson 's producer will not press charges , police said ."]
    # the verb after the apposition stays; the participle clause after it may go
    sentence = ("the officer , a veteran , had used deadly force before , shooting a man in 2007 , the chief said .")
    assert project_clauses([sentence], ["the officer , a veteran ."]) == [
        "the officer , a veteran , had used deadly force before , the chief said ."]
    # the apposition's closing comma cannot go while its opening one stays
    sentence = "the officer , a veteran who had used force before , shot him , in 2007 ."
    assert project_clauses([sentence], ["the officer , a veteran shot him ."]) == [
        "the officer , a veteran who had used force before , shot him ."]
    assert tidy("the club ( ) paid ( , leeds ) .".split()) == "the club paid ( leeds ) .".split()


LISTS = [
    "the suite of tools consists of four major applications , microarray data manager , microarray data "
    "analysis system , spotfinder , and multiexperiment viewer , which run on any platform .",
    "genomes are available for enterococcus casseliflavus , enterococcus gallinarum , enterococcus hirae "
    "and enterococcus thailandicus , respectively .",
]


def test_an_item_of_a_list_never_goes():
    # set off by commas like a side part, but the list says something else without it
    applications, species = (sentence.split() for sentence in LISTS)
    assert [applications[i] for i in sorted(list_positions(applications))] == (
        "microarray data manager , microarray data analysis system , spotfinder , and multiexperiment viewer".split())
    assert not clause_bounded(applications, 13, 18)  # ", microarray data analysis system"
    assert project_clauses([LISTS[0]], [LISTS[0].replace(" , microarray data analysis system", "")]) == [LISTS[0]]
    # the part after the list is a side part still
    assert project_clauses([LISTS[0]], [LISTS[0].replace(" , which run on any platform", "")]) == [
        LISTS[0].replace(" , which run on any platform", "")]
    assert project_clauses([LISTS[1]], [LISTS[1].replace(" , enterococcus gallinarum", "")]) == [LISTS[1]]
    assert clause_positions(species, LISTS[1].replace(" , enterococcus gallinarum", "").split()) == list(range(len(species)))
    # no list: appositions and a verb after a comma ("was arrested and charged" is no list's last item)
    assert list_positions(SENTENCE.split()) == set()
    assert list_positions("police said the man , 45 , was arrested and charged .".split()) == set()
    assert project_clauses(["police said the man , 45 , was arrested and charged ."],
                           ["police said the man was arrested and charged ."]) == [
        "police said the man was arrested and charged ."]
    # a part longer than MAX_LIST_ITEM words is no item: the list starts after it, and it may go
    long_part = "we measured , in every one of the forty dishes we kept , the cells , the spores and the hyphae ."
    inside = sorted(list_positions(long_part.split()))
    assert [long_part.split()[i] for i in inside] == "the cells , the spores and the hyphae .".split()
    assert project_clauses([long_part], ["we measured the cells , the spores and the hyphae ."]) == [
        "we measured the cells , the spores and the hyphae ."]


def test_the_main_clause_after_an_opening_phrase_stays():
    # the part after an opening phrase is the main clause, set off by commas or not
    myosins = ("with the exception of fission yeast myp <dig> which forms a monomer , the class ii myosins "
               "studied to date all form dimers .")
    assert project_clauses([myosins], ["with the exception of fission yeast myp <dig> which forms a monomer ."]) == [myosins]
    dyes = "in this study , we screened eight dyes , thereby enabling a view of the retina ."
    assert project_clauses([dyes], ["in this study thereby enabling a view of the retina ."]) == [dyes]
    # a side part after the main clause may go, unless the kept commas before it are odd (as here:
    # the rule cannot tell the comma closing "in this study" from one opening a side part)
    assert project_clauses([dyes], ["in this study , we screened eight dyes ."]) == [dyes]
    # the rule cannot see that "in this study we screened eight dyes" holds the main clause itself:
    # the part after its comma stays (words kept, none lost)
    sentence = "in this study we screened eight dyes , thereby enabling a view ."
    assert project_clauses([sentence], ["in this study we screened eight dyes ."]) == [sentence]
    assert [dyes.split()[i] for i in sorted(main_clause_positions(dyes.split()))] == "we screened eight dyes".split()
    # a subject before the first comma opens no phrase: the apposition after it is a side part
    assert main_clause_positions("the club , based in leeds , paid .".split()) == set()
    assert main_clause_positions("interestingly , the cells grew .".split()) == {2, 3, 4, 5}
    # a participle opens a phrase too
    primers = "using a new primer set , we amplified both regions in every sample ."
    assert project_clauses([primers], ["using a new primer set ."]) == [primers]
    # a phrase whose list holds a comma: the part after that comma has no verb, so the main clause is
    # one of the parts after it, and they stay up to the one with a verb ("we first assessed ...")
    invasion = ("to investigate the ability of p. gingivalis to invade epithelial , endothelial and smooth muscle cells , "
                "we first assessed the invasion ability of p. gingivalis to epithelial cells , ec and smc using an "
                "antibiotic protection assay .")
    assert project_clauses([invasion], ["to investigate the ability of p. gingivalis to invade epithelial , endothelial "
                                        "and smooth muscle cells , ec and smc using an antibiotic protection assay ."]) == [invasion]
    assert " ".join(invasion.split()[i] for i in sorted(main_clause_positions(invasion.split()))) == (
        "endothelial and smooth muscle cells we first assessed the invasion ability of p. gingivalis to epithelial cells")
    # a past participle and its preposition open a phrase too, and a middle item of its list leaves the main clause
    # to a later part: the parts stay up to the one with the verb
    combined = ("combined with literature extraction of existing protein interactions <cit> , genomic information , "
                "protein structure and annotation information , bioinformatics play an important role in method study "
                "of protein - protein interaction prediction , high - quality protein - protein interaction databases "
                "establishment , software and webserver development for visualizing protein - protein interaction "
                "networks and genome - scale analysis of protein interaction networks <cit> .")
    assert project_clauses([combined], ["in an analysis of protein interaction networks and genome - scale analysis , "
                                        "bioinformatics , bioinformatics and webserver development , webserver ."]) == [combined]
    assert main_clause_positions("treated cells , grown in the dark , died .".split()) == set()
    # a part with a verb ends the main clause's parts, as before
    assert " ".join(dyes.split()[i] for i in sorted(main_clause_positions(dyes.split()))) == "we screened eight dyes"


def test_the_main_clause_after_that_stays():
    # an opening phrase after "that" leaves the clause's own main clause after its comma, past a
    # relative clause that belongs to the phrase
    sentence = "we propose that like insulin , which lowers glucose , the peptide acts through its receptor ."
    assert project_clauses([sentence], ["we propose that like insulin , which lowers glucose ."]) == [sentence]
    # the relative clause stays too: the rule cannot tell the clause after it (", the peptide acts")
    # from an apposition that would then name insulin's neighbour
    assert project_clauses([sentence], ["we propose that like insulin , the peptide acts through its receptor ."]) == [
        sentence]
    kept = [sentence.split()[i] for i in sorted(main_clause_positions(sentence.split()))]
    assert kept == "the peptide acts through its receptor .".split()
    # so does a comparison ("similar to ...", "consistent with ...")
    compared = ("we find that similar to the increase in expression of the nuclear encoded mitochondrial genes , we "
                "see an increase in expression of genes encoded by the mitochondrial genome .")
    assert project_clauses([compared], ["we find that similar to the increase in expression of the nuclear encoded "
                                        "mitochondrial genes ."]) == [compared]
    # "out of" opens such a phrase too
    share = ("the analysis revealed that out of the <dig> transcripts on the slide , a small number of genes were "
             "differentially expressed .")
    assert project_clauses([share], ["the analysis revealed that out of the <dig> transcripts on the slide ."]) == [share]


def test_the_main_clause_of_a_semicolons_item_stays_after_its_phrases():
    # a list's item after a semicolon opens with a phrase, then a second one ("given that ..."): the main clause
    # is the part after both, and stays
    sentence = ("the contributions are the followings : we extend the function ep ; as a byproduct , given that the word "
                "counts are not independent , we provide a formula for the exact variance ; we show that similarity "
                "estimates activity .")
    kept = [sentence.split()[i] for i in sorted(main_clause_positions(sentence.split()))]
    assert kept == "we provide a formula for the exact variance".split()
    # a sentence adverb without "-ly" opens a phrase too: the main clause after it stays, not the reason after that
    henceforth = ("henceforth , we identify clusters <dig> and <dig> as meiotic clusters , given that the expression "
                  "levels rise with meiosis .")
    assert project_clauses([henceforth], ["henceforth , given that the expression levels rise with meiosis ."]) == [
        henceforth]
    # a rewrite that left out both parts gets the main clause back; the second phrase, a side part, may go
    assert project_clauses([sentence], ["the contributions are the followings : we extend the function ep ; as a "
                                        "byproduct ; we show that similarity estimates activity ."]) == [
        sentence.replace(" , given that the word counts are not independent", "")]


def test_the_main_clause_that_then_opens_after_a_condition_stays():
    # the condition holds a list, whose commas are no phrase's: "then" opens the main clause
    sentence = ("if we consider the species l. acidophilus , l. johnsonii , l. gasseri , and l. salivarius to be found "
                "in the gut , then we can identify <dig> groups which are not found outside of it , of which <dig> "
                "hold only proteins of unknown function .")
    words = sentence.split()
    assert [words[i] for i in sorted(main_clause_positions(words))] == (
        "then we can identify <dig> groups which are not found outside of it".split())
    cut = sentence.replace(" , then we can identify <dig> groups which are not found outside of it", "")
    assert project_clauses([sentence], [cut]) == [sentence]


def test_an_enumeration_keeps_its_labels():
    sentence = "cells divide in two ways : 1 ) by fission , as in yeast ; 2 ) by budding ."
    words = sentence.split()
    labels = sorted(enumeration_positions(words))
    assert [words[i] for i in labels] == ["1", ")", "2", ")"]
    # the item's own side part may go; the next item's label, and with it the item, stays
    assert project_clauses([sentence], ["cells divide in two ways : 1 ) by fission ."]) == [
        "cells divide in two ways : 1 ) by fission ; 2 ) by budding ."]
    # a lone bracketed number is no enumeration; "( ii )" labels are
    assert enumeration_positions("the dose was raised to 5 ) mg .".split()) == set()
    roman = "( i ) cells grew ; ( ii ) cells died ."
    assert sorted(enumeration_positions(roman.split())) == [0, 1, 2, 6, 7, 8]
    # an item's first part stays: without it its label labels nothing ("and iv ) , to obtain ...")
    integrated = ("we integrated results from i ) our text - mining effort ii ) data from the database , hprd , "
                  "iii ) the y2h experiment , and iv ) the previous datasets from the koegl group <cit> , "
                  "to obtain the complete dataset , with a total of <dig> interactions .")
    emptied = integrated.replace(" the previous datasets from the koegl group <cit>", "")
    assert project_clauses([integrated], [emptied]) == [integrated]
    words = integrated.split()
    assert " ".join(words[i] for i in sorted(enumerated_item_positions(words))) == (
        "our text - mining effort data from the database , hprd , the y2h experiment the previous datasets from the koegl "
        "group <cit>")
    # an item with no predicate whose later parts open no phrase is a list of names: none of them goes
    functions = ("genes were assigned to <dig> functions : 1 ) stress response and detoxification ; 2 ) cell "
                 "communication , immune system and membrane receptors ; 3 ) respiratory chain ; 4 ) metabolism .")
    assert undoes(functions, " , immune system and membrane receptors")


def test_a_list_set_off_by_semicolons_keeps_its_items():
    sentence = ("the networks held three groups : growth genes and repair genes ; receptor genes of the surface ; "
                "and genes of cell death .")
    assert project_clauses([sentence], ["the networks held three groups : growth genes and repair genes ."]) == [sentence]
    # two semicolon parts are two clauses, not a list
    clauses = "the cells grew in the light ; the spores did not ."
    assert list_positions(clauses.split()) == set()


def test_no_deletion_hands_an_apposition_to_another_noun():
    sentence = ("strain a was the main species of the gut , with rare isolation of strains b and c , "
                "the species linked to infections in people .")
    assert project_clauses([sentence], ["strain a was the main species of the gut , the species linked to infections "
                                        "in people ."]) == [sentence]
    relative = "the gene is close to the promoter , near a repeat , which binds the factor ."
    assert project_clauses([relative], ["the gene is close to the promoter , which binds the factor ."]) == [relative]
    # an attribution after the deletion names no noun: the side part may go
    said = "the officer had used force before , shooting a man , the chief said ."
    assert project_clauses([said], ["the officer had used force before , the chief said ."]) == [
        "the officer had used force before , the chief said ."]


def test_a_range_and_a_pair_of_parts_stay_whole():
    # a dash between two numbers is a range, not a separator that sets off a side part
    sentence = "most loci gave mature rnas of 21 – 22 nt , while the others gave longer ones ."
    assert sorted(range_positions(sentence.split())) == [6, 7, 8]
    assert project_clauses([sentence], ["most loci gave mature rnas of 21 , while the others gave longer ones ."]) == [
        sentence]
    # nor may a deletion end before the dash, taking the range's first number with a side part
    cows = "cows were grouped by parity , and included at ages of <dig> – <dig> months for heifers ."
    assert project_clauses([cows], ["cows were grouped by parity – <dig> months for heifers ."]) == [cows]
    # a dash beside a number joins a chemical name whose brackets the data set removed ("3--7--coumarin")
    dyes = "as shown in figure <dig> <dig> -- <dig> -- coumarin , <dig> -- coumarin and dye b stained the retina ."
    assert sorted(range_positions(dyes.split())) == [5, 6, 7, 8, 9, 11, 12, 13]
    assert project_clauses([dyes], [dyes.replace(" -- coumarin ,", " ,", 1)]) == [dyes]
    # a dash between words still sets off a side part
    aside = "the dye -- a coumarin -- stained the retina ."
    assert range_positions(aside.split()) == set()
    assert project_clauses([aside], ["the dye stained the retina ."]) == ["the dye stained the retina ."]
    # a dash before a name's part, a lone letter or digit, joins them: "gmnrp – a" without its part is another name
    parts = "bip modulates the components gmnrp – a , gmnrp – b , gmnac <dig> and vpe of the pathway ."
    assert sorted(range_positions(parts.split())) == [4, 5, 6, 8, 9, 10]
    assert project_clauses([parts], [parts.replace(" – a ,", " ,", 1)]) == [parts]
    assert range_positions("the dye -- a coumarin ; b -- stained the retina .".split()) == set()
    # a semicolon inside a gene's name ("sultr1;3") joins the name and its number; between clauses it is a separator
    genes = ("phr <dig> may repress sultr2 ; <dig> in the shoot , the capacity of the phr <dig> and sultr1 ; <dig> "
             "mutants was low .")
    assert sorted(range_positions(genes.split())) == [4, 5, 6, 18, 19, 20]
    assert project_clauses([genes], [genes.replace(" , the capacity of the phr <dig> and sultr1 ;", "")]) == [genes]
    assert range_positions("it grew in mice ; <dig> of them died .".split()) == set()
    # nor may a deletion take one brace of a set
    sets = "we denote the levels by t = { t <dig> t <dig> , tm } and the nodes by n ."
    assert project_clauses([sets], [sets.replace(" , tm }", "")]) == [sets]
    # a bulleted list keeps all its items: the criteria of a study without some are other criteria
    criteria = ("animals were included by the following criteria : • age of <dig> – <dig> months ; "
                "• parity of <dig> to <dig> ; • body condition score of <dig> , for heifers and cows , respectively .")
    assert sorted(bullet_positions(criteria.split())) == list(range(criteria.split().index("•"), len(criteria.split())))
    assert undoes(criteria, "; • parity of <dig> to <dig> ; • body condition score of <dig> ")
    assert bullet_positions("a single • mark .".split()) == set()
    # "some ... , others ...": the first part goes only with the second
    pair = "many methods have been written for such data , some of them for one field , others for any ."
    assert project_clauses([pair], ["many methods have been written for such data , others for any ."]) == [pair]
    # parts are judged left to right, so the first stays even when the rewrite drops both
    assert project_clauses([pair], ["many methods have been written for such data ."]) == [pair]
    # "one ... , the other ...": the same
    cars = "both their cars , the first driver in one , his team mate in the other , start from the back ."
    assert project_clauses([cars], ["both their cars , his team mate in the other , start from the back ."]) == [cars]
    # a part that "in particular", "especially", "including" ... introduces stays with its introducer
    methods = ("computational prediction methods , and in particular , secondary structure prediction methods , "
               "are widely used .")
    assert project_clauses([methods], ["computational prediction methods , and in particular , are widely used ."]) == [
        methods]
    # a side part without the pair's first word may go
    assert project_clauses(["the two cars , both new , start from the back , the team said ."],
                           ["the two cars start from the back , the team said ."]) == [
        "the two cars start from the back , the team said ."]


def test_a_list_of_long_items_said_in_parallel_keeps_them():
    # each item longer than MAX_LIST_ITEM words, but opening as the last item does: still a list
    legend = ("the gene models fall into four classes , gene models with est support in every tissue , "
              "gene models with protein homology only , gene models with both kinds of evidence , and "
              "gene models predicted ab initio .")
    words = legend.split()
    inside = [words[i] for i in sorted(list_positions(words))]
    assert inside[:8] == "gene models with est support in every tissue".split()
    assert inside[-5:] == "models predicted ab initio .".split()
    assert undoes(legend, " , gene models with protein homology only")
    # an infinitive that the last item's bare verb goes on ("to compare ... , and analyze ..."): an item too
    series = ("proteins were assessed by comparing distance matrices of each protein , to compare these with that of "
              "a well supported guide tree , and analyze them for their phylogenetic signal .")
    assert undoes(series, " , to compare these with that of a well supported guide tree")
    # long parts that do not open as the last item does are clauses, and the side part may go
    clauses = ("we grew the cells , which had been frozen for three weeks in the dark , and we counted them .")
    assert list_positions(clauses.split()) == set()


def test_a_condition_and_what_respectively_pairs_stay():
    question = "should we expect e. coli to downregulate the pathway at high rates , if its acetate pathway were blocked ?"
    assert project_clauses([question], ["should we expect e. coli to downregulate the pathway at high rates ?"]) == [question]
    pairs = ("the two sets were predicted by sequence and structure based methods , radar and console , "
             "respectively .")
    assert project_clauses([pairs], ["the two sets were predicted by sequence and structure based methods , "
                                     "respectively ."]) == [pairs]
    # ... also when "respectively" comes before the items it pairs
    first = ("vglut is detectable in three pairs of cells located , respectively , in the anterior tip of the cns , at "
             "the posterior end of the vesicle and near the first pigment spot .")
    assert project_clauses([first], [first.split(" , at the")[0] + " ."]) == [first]
    # a side part after "respectively" may still go, as may one that opens with no condition
    after = "the yields were 3 and 4 respectively , which matched the model ."
    assert project_clauses([after], ["the yields were 3 and 4 respectively ."]) == ["the yields were 3 and 4 respectively ."]
    # a relative clause that sets a threshold restricts the noun before it; one that only describes it may go
    claim = "have the co-occurrence rates that are higher than <dig> ."
    pairs_over = f"the interacting protein pairs , whose similarity is greater than <dig> , {claim}"
    assert project_clauses([pairs_over], [f"the interacting protein pairs , {claim}"]) == [pairs_over]
    described = f"the interacting protein pairs , whose structures are known , {claim}"
    assert project_clauses([described], [f"the interacting protein pairs , {claim}"]) == [
        f"the interacting protein pairs {claim}"]
    side = "the pathway was blocked at high rates , as in earlier work ."
    assert project_clauses([side], ["the pathway was blocked at high rates ."]) == ["the pathway was blocked at high rates ."]


def test_an_enumeration_by_ordinals_keeps_its_items():
    aims = ("our aims were , first , to determine the region that captures the diversity ; second , to confirm that "
            "the primers do not amplify human dna and finally , to compare the two platforms .")
    words = aims.split()
    assert min(ordinal_positions(words)) == words.index("first")
    # the readers' case: the second aim and the first label went, two aims joined by a bare comma
    assert project_clauses([aims], ["our aims were to determine the region that captures the diversity , to compare "
                                    "the two platforms ."]) == [aims]
    # after a colon too: without its items the sentence ends on its first label
    errors = ("we can consider two types of error : first , that the sequences are aligned ignoring their structures ; "
              "second , that an alignment contains unrelated sequences .")
    assert project_clauses([errors], ["we can consider two types of error : first ."]) == [errors]
    # one ordinal labels no enumeration, and its side part may go
    once = "the cells were washed first , as described before ."
    assert ordinal_positions(once.split()) == set()
    assert project_clauses([once], ["the cells were washed first ."]) == ["the cells were washed first ."]


def test_a_part_that_opens_with_a_coordinator_goes_only_at_the_end():
    splice = ("rtp <dig> mrnas are expressed in the mouse vno , but as of yet , neither protein has been reported in "
              "vsns .")
    assert project_clauses([splice], ["rtp <dig> mrnas are expressed in the mouse vno , neither protein has been "
                                      "reported in vsns ."]) == [splice]
    # at the sentence's end the part takes its own clause with it
    tail = "the strains grew at <dig> °c , but the mutants did not grow ."
    assert project_clauses([tail], ["the strains grew at <dig> °c ."]) == ["the strains grew at <dig> °c ."]
    # ... unless a kept "not only" asks for it
    pair = ("these networks are not only derived from physical associations , but also from integrative approaches "
            "combining diverse data .")
    assert project_clauses([pair], ["these networks are not only derived from physical associations ."]) == [pair]


def test_a_dropped_part_takes_both_its_commas_before_the_predicate():
    cases = [  # (sentence, rewrite, summary sentence)
        # the rewrite kept the part's opening comma: it goes too, and no comma is left between subject and verb
        ("buchnera from the pea aphid , a. pisum , has a fragmented pathway .",
         "buchnera from the pea aphid , has a fragmented pathway .",
         "buchnera from the pea aphid has a fragmented pathway ."),
        # ... and where it kept both and dropped only what is between them (its deletion of "has" undone)
        ("compared to e. coli , the endosymbiont from the pea aphid , a. pisum , has a fragmented pathway .",
         "compared to e. coli , the endosymbiont from the pea aphid , a fragmented pathway .",
         "compared to e. coli , the endosymbiont from the pea aphid has a fragmented pathway ."),
        ("the receptor classification , which we compare with the tree later , is provided in figure <dig> .",
         "the receptor classification , is provided in figure <dig> .",
         "the receptor classification is provided in figure <dig> ."),
        # a verb that can be no noun opens the predicate as an auxiliary does
        ("the ideal database , also manually curated , contains information on <dig> proteins .",
         "the ideal database , contains information on <dig> proteins .",
         "the ideal database contains information on <dig> proteins ."),
        # ... and so does a past form the lexicon knows as a verb
        ("two papers published in bmc bioinformatics , presenting machine learning methods , used their own method .",
         "two papers published in bmc bioinformatics , used their own method .",
         "two papers published in bmc bioinformatics used their own method ."),
        # ... and a plural subject's verb that may be a noun, before its object's preposition or determiner
        ("regulation occurs when certain gene products , transcription factors , bind to the dna at binding sites .",
         "regulation occurs when certain gene products , bind to the dna at binding sites .",
         "regulation occurs when certain gene products bind to the dna at binding sites ."),
        # ... and one in "s" before its object's determiner
        ("the alternative solution , employed in cghscan , scans each region for conserved regions .",
         "the alternative solution , scans each region for conserved regions .",
         "the alternative solution scans each region for conserved regions ."),
        # ... but not a word in "s" before a preposition: "results" may open a list's next item
        ("the first group , with <dig> members , results from a duplication .",
         "the first group , results from a duplication .",
         "the first group , results from a duplication ."),
    ]
    for sentence, rewrite, expected in cases:
        assert project_clauses([sentence], [rewrite]) == [expected], sentence
    # a comma that closes the part before stays ("oisin tymon": test_only_deletions_of_whole_side_parts_stand), and
    # so does one before another part ("... before , the chief said": test_no_deletion_hands_an_apposition_to_...)


def test_no_deletion_takes_an_example_after_the_first_of_a_list():
    # items too long for a list of names (MAX_LIST_ITEM words)
    sentence = ("rna - seq has been applied to various organisms <cit> including mouse , highlighting accurate detection "
                "of gene expression <cit> , observation of complex alternative splicing patterns <cit> and detection of "
                "novel transcriptionally active regions in the genome <cit> .")
    assert project_clauses([sentence], ["rna - seq has been applied to various organisms <cit> including mouse , "
                                        "observation of complex alternative splicing patterns <cit> and detection of novel "
                                        "transcriptionally active regions in the genome <cit> ."]) == [sentence]
    such = ("the method finds motifs such as tata boxes , the gc boxes found in most of the promoters we studied , and "
            "caat boxes .")
    assert project_clauses([such], ["the method finds motifs such as tata boxes and caat boxes ."]) == [such]
    # the part that holds the introducer and the first example goes as a whole, but for a verb after them
    assert project_clauses(["the genes , including those of the liver , were expressed in all samples ."],
                           ["the genes were expressed in all samples ."]) == ["the genes were expressed in all samples ."]
    # ... or the list's closing item after it: without the opening part, that item joins the main clause
    mirnas = ("<dig> mirnas were differentially expressed between mammospheres and parental cells , including mir- <dig> "
              "mir- <dig> mir - 26a , and five members of the mir- <dig> family .")
    assert undoes(mirnas, " , including mir- <dig> mir- <dig> mir - 26a")
    lost_comma = ("previous studies suggested that gαq - coupled receptors , including par <dig> promote ampk activity "
                  "through a camkkβ - dependent mechanism , making ampk a logical target of par <dig> .")
    assert project_clauses([lost_comma], ["previous studies suggested that gαq - coupled receptors , making ampk a "
                                          "logical target of par <dig> ."]) == [lost_comma]
    # ... and items said in parallel, two parts with the last's "and"
    selected = ("we selected three strains that were highly susceptible to prophages , three strains that were "
                "intermediate susceptible to prophages and three strains that were resistant to prophage infection .")
    assert project_clauses([selected], ["we selected three strains that were highly susceptible to prophages ."]) == [
        selected]
    assert project_clauses(["he was arrested on monday , and police are investigating the case ."],
                           ["he was arrested on monday ."]) == ["he was arrested on monday ."]
    # ... and a colon's list of long items in parallel, each after the first opening as the first does
    aims = ("the aim of this study was threefold : to analyze the potential for ecological divergence between the "
            "lineages , to test the persistence of the geographic barrier during the last glaciation and explore the "
            "hypothesis of allopatric divergence , and to provide a more detailed population genetic analysis .")
    assert project_clauses([aims], [aims.split(" , to test")[0] + " ."]) == [aims]
    assert undoes(aims, " , to test the persistence of the geographic barrier during the last glaciation and explore "
                        "the hypothesis of allopatric divergence")
    # a side part of the first item may go; one between two items that opens otherwise ends the list
    steps = "two steps followed : to wash the cells , which took an hour , and to stain them with dapi ."
    assert announced_list_positions(steps.split()) == set(range(steps.split().index("and") - 1, len(steps.split())))
    assert announced_list_positions("aims : to wash cells , to dry them , which is hard , and to stain them .".split()) == set()


def test_no_deletion_takes_what_the_claim_is_about_along_with_its_subject():
    sentence = ("our results show that the svm machine learning method , together with sequence features carefully "
                "chosen , predicts the location of est - derived proteins with high accuracy .")
    assert project_clauses([sentence], ["our results show that the svm machine learning method predicts the location "
                                        "of est - derived proteins with high accuracy ."]) == [sentence]
    # "as well as" too: here the part holds the verb, after a comma the paper left out
    lost_comma = ("our data demonstrate that vsmc growth and migration , as well as the ecm deposition in vsmcs were "
                  "attenuated by ctgf inhibition , which suggested that therapies targeting ctgf might be useful .")
    assert project_clauses([lost_comma], ["our data demonstrate that vsmc growth and migration , which suggested that "
                                          "therapies targeting ctgf might be useful ."]) == [lost_comma]


def test_a_linking_adverb_alone_stays():
    # without "therefore" two clauses would be joined by a bare comma
    sentence = "both structures were predicted , therefore , two templates were used to model the domains ."
    assert project_clauses([sentence], ["both structures were predicted , two templates were used to model the "
                                        "domains ."]) == [sentence]
    # so does a linking phrase, after a comma or a semicolon
    for sentence in ["hepeak found <dig> peaks on <dig> genes ; in contrast , exomepeak found <dig> peaks on <dig> genes .",
                     "hepeak found <dig> peaks on <dig> genes , in contrast , exomepeak found <dig> peaks on <dig> genes ."]:
        assert project_clauses([sentence], ["hepeak found <dig> peaks on <dig> genes , exomepeak found <dig> peaks on "
                                            "<dig> genes ."]) == [sentence]
    # a side part that holds more than the adverb may still go
    other = "the effect , however small , was seen in every strain ."
    assert project_clauses([other], ["the effect was seen in every strain ."]) == ["the effect was seen in every strain ."]


def test_a_reporting_verb_after_a_long_subject_and_the_first_of_a_pair_stay():
    # "suggest that ..." is the main verb after the subject's commas, not a side part at the end
    sentence = ("the relationship between members of the gene family is unknown , but similarities in gene structure "
                "and function , combined with differences in expression in red clover , suggest that these genes "
                "are also paralogues .")
    cut = sentence[:sentence.index(" , suggest")] + " ."
    assert project_clauses([sentence], [cut]) == [sentence]
    # a present verb after a comma is the predicate of a subject whose apposition lost its first comma
    lost = "we found that tip <dig> an acetyltransferase , interacts with salmonella ssef ."
    assert project_clauses([lost], ["we found that tip <dig> an acetyltransferase ."]) == [lost]
    # "one is ..." opens a pair that "another one is ..." closes
    pair = "two genomes have been sequenced , one is atcc <dig> a non - biofilm strain , and another one is rp62a ."
    assert project_clauses([pair], ["two genomes have been sequenced , and another one is rp62a ."]) == [pair]


def test_a_part_a_semicolon_opens_goes_only_with_the_rest_of_its_clause():
    # the parts after it belong to the clause after the semicolon: "and is expressed" would have no subject
    sentence = ("we examined the expression profile of bmcatd during development ; bmcatd is induced by the steroid hormone "
                "ecdysone , and is expressed in the larval fat body .")
    assert project_clauses([sentence], ["we examined the expression profile of bmcatd during development , and is "
                                        "expressed in the larval fat body ."]) == [sentence]
    # "presumably a consequence ..." would be the consequence of another clause
    other = ("a draft genome had been derived from short reads ; attempts to mine it revealed misassemblies , presumably a "
             "consequence of the short read lengths .")
    assert project_clauses([other], ["a draft genome had been derived from short reads , presumably a consequence of the "
                                     "short read lengths ."]) == [other]
    # the whole clause, up to the sentence's end or the next semicolon, may go
    assert project_clauses([other], ["a draft genome had been derived from short reads ."]) == [
        "a draft genome had been derived from short reads ."]
    three = "the strain grew at <dig> c ; its spores were rare ; no toxin was found in the medium ."
    assert project_clauses([three], ["the strain grew at <dig> c ; no toxin was found in the medium ."]) == [
        "the strain grew at <dig> c ; no toxin was found in the medium ."]


def test_no_deletion_takes_a_lists_first_item_or_leaves_two_noun_phrases_side_by_side():
    # the part before the list's second item ends with its first: without it "the mammalian lineage" is one
    sentence = ("a duplication of the gene had occurred on the mammalian lineage , leading to the duplicated genes in the "
                "human , mouse , and rat genomes .")
    assert project_clauses([sentence], ["a duplication of the gene had occurred on the mammalian lineage , mouse , and "
                                        "rat genomes ."]) == [sentence]
    # a closing part that holds an item of its own ("po and wa strains") closes a list of two parts
    strains = "a purine at the end of intron <dig> from all strains , a pyrimidine at intron <dig> from pr , po and wa strains ."
    assert project_clauses([strains], ["a purine at the end of intron <dig> from all strains , po and wa strains ."]) == [strains]
    # a side part before a list's first item goes with both its commas (the list starts after it)
    side = "we measured , in every one of the forty dishes we kept , the cells , the spores and the hyphae ."
    assert project_clauses([side], ["we measured the cells , the spores and the hyphae ."]) == [
        "we measured the cells , the spores and the hyphae ."]
    # both commas of a subject's middle parts gone: "data integration identification of ..." reads as one noun phrase
    subject = ("data integration , drug discovery , drug repurposing , organization of chemical compound information in "
               "databases , identification of their therapeutic properties and their side effects still remain active fields .")
    kept = project_clauses([subject], ["data integration identification of their therapeutic properties and their side "
                                       "effects still remain active fields ."])
    assert kept == ["data integration , organization of chemical compound information in databases , identification of their "
                    "therapeutic properties and their side effects still remain active fields ."]
    # before a verb the subject's side part goes with both commas; a pronoun, which the lexicon lists as a noun,
    # or a word that may be a verb is no noun phrase's word
    assert project_clauses(["the integration , based in leeds , paid the fee ."], ["the integration paid the fee ."]) == [
        "the integration paid the fee ."]
    # a list's commas open no side part: the comma after "month" closes the "when" clause, whose main clause stays
    collider = ("it may not provide the answer to life , the universe and everything , but when the collider starts up "
                "again this month , physicists are planning to give this question their best shot .")
    assert project_clauses([collider], ["it may not provide the answer to life , but when the collider starts up again "
                                        "this month ."]) == [collider]
    # news: a list's last items closed by a part that holds two of them ("pharrell , kendrick lamar and kanye west")
    artists = "banks also lashed out at fellow artists pharrell , kendrick lamar and kanye west ."
    assert project_clauses([artists], ["banks also lashed out at fellow artists pharrell ."]) == [artists]
    # ... and so is one before a phrase that opens with a preposition (the last two of "temperature , ph and po <dig>
    # control": without them the bioreactors control temperature alone)
    bioreactors = ("the steps were integrated in stirred bioreactors with temperature , ph and po <dig> control , "
                   "in an effort to develop a model system for the production of stem cell derivatives .")
    assert project_clauses([bioreactors], ["the steps were integrated in stirred bioreactors with temperature in an "
                                           "effort to develop a model system for the production of stem cell "
                                           "derivatives ."]) == [bioreactors]
    # ... a phrase that holds two such words is a side part still, and so are the commas that set it off
    costs = ("students face annual costs , between tuition and living , that can exceed $ 10,000 at a community college , "
             "$ 18,000 at a public college ( in - state ) , and $ 40,000 at a private school .")
    assert project_clauses([costs], ["students face annual costs , between tuition and living , that can exceed "
                                     "$ 10,000 ."]) == [costs.split(" , $ 18,000")[0] + " ."]
    # ... but before the sentence's verb such a part names the noun before it, and its commas set it off
    cousins = ("kush patel and his cousins , brothers jay and shivang patel , all jumped into the water when his bride , "
               "kajal , was swept up in the current .")
    assert project_clauses([cousins], ["kush patel and his cousins , brothers jay and shivang patel were swept up in "
                                       "the current ."]) == [cousins.replace(" , kajal ,", "")]


def test_no_deletion_takes_a_list_of_modifiers_after_its_first():
    """"integrating phylogenetic , computational and structural approaches": the part after the comma holds the noun
    that the first modifier, an adjective or a word the lexicon does not know, goes with; a part after a noun, or one
    that opens with no adjective and its coordinator, is a side part as before."""
    study = ("we performed an analysis integrating phylogenetic , computational and structural approaches to the "
             "dgat genes , including their relationship with the acat genes .")
    assert project_clauses([study], ["we performed an analysis integrating phylogenetic , including their relationship "
                                     "with the acat genes ."]) == [study]
    assert project_clauses([study.replace("phylogenetic", "genetic")],
                           ["we performed an analysis integrating genetic , including their relationship with the "
                            "acat genes ."]) == [study.replace("phylogenetic", "genetic")]
    assert _continues_a_list_of_modifiers("phylogenetic", "computational and structural approaches".split())
    assert not _continues_a_list_of_modifiers("dish", "computational and structural approaches".split())
    assert not _continues_a_list_of_modifiers("man", "shooting and killing him".split())
    # a first item the lexicon does not know, that ends as an adjective does
    assert _continues_a_list_of_modifiers("spectroscopic", "immunohistochemical and transgenic analyses".split())
    assert not _continues_a_list_of_modifiers("spectroscopic", "lamprey and transgenic analyses".split())
    analyses = ("our spectroscopic , immunohistochemical and transgenic analyses of teleost parapinopsins revealed that "
                "pp <dig> is a uv-sensitive pigment , while pp <dig> is a blue-sensitive pigment .")
    assert project_clauses([analyses], ["our spectroscopic , while pp <dig> is a blue-sensitive pigment ."]) == [analyses]
    no_list = "we used the phylogenetic , a method of ours , to date them ."
    assert project_clauses([no_list], ["we used the phylogenetic , to date them ."]) == ["we used the phylogenetic , to date them ."]


def test_no_deletion_leaves_a_contrast_a_list_or_a_pairing_half_said():
    """A contrast keeps its subject, its last part and what it may contrast with; a list of verbs keeps the part
    that holds their shared object, a list the writers did not close keeps its last item, and "respectively"
    stays with its lists (the rewriter's deletions in SumPubMed papers that a blind reader found broken)."""
    split_subject = ("a total of <dig> genes were predicted for a. oligospora , whereas only <dig> genes , with few "
                     "duplicates , were estimated in the genome of d. stenobrocha .")
    assert project_clauses([split_subject], ["a total of <dig> genes were predicted for a. oligospora were estimated "
                                             "in the genome of d. stenobrocha ."]) == [split_subject]
    # a subordinate clause's subject, whose verb comes after the part
    subject = ("plasma bhba was significantly affected by both treatment and week of supplementation , although their "
               "interaction , was not significant .")
    assert undoes(subject, " , although their interaction ,")
    relative = ("the kinetic information is embedded in the blockade measurements , where the adsorption history of the "
                "molecule , and the changes in the molecule itself , imprint on the ionic flow .")
    assert undoes(relative, " , where the adsorption history of the molecule ,")
    # ... and its verb after the comma the writers put between it and its subject
    assert undoes(relative, " , imprint on the ionic flow")
    # a contrast whose clause goes on after the part: a comma splice would be left
    contrast = ("in sl <dig> and sm genomes <dig> loci maintained the same position , while in sl <dig> and rsv only "
                "<dig> among the <dig> loci that are in common between the three genotypes , <dig> in total showed "
                "different similarity scores .")
    part = (" , while in sl <dig> and rsv only <dig> among the <dig> loci that are in common between the three "
            "genotypes")
    assert undoes(contrast, part)
    # a list whose ellipsis stands for its middle items goes on after it
    ellipsis = "here we test the cases , where there are <dig> <dig> . . . , <dig> children in the nuclear family ."
    assert undoes(ellipsis, " , where there are <dig> <dig> . . .")
    contrasted_part = ("the mutant showed a behavior like its target , supporting the hypothesis that the site "
                       "inactivates the protein , while in the target the site activates the kinase .")
    assert project_clauses([contrasted_part], ["the mutant showed a behavior like its target , while in the target "
                                               "the site activates the kinase ."]) == [contrasted_part]
    last_part = ("death peaked at <dig> and 36 h , respectively , with lps , while it peaked at <dig> and 72 h , "
                 "respectively , following stm infection .")
    assert project_clauses([last_part], ["death peaked at <dig> and 36 h with lps , while it peaked at <dig> and 72 "
                                         "h ."]) == [last_part]
    verbs = ("we identified , annotated and compared transcripts to databases , allowing to discover gene families , "
             "reconstructed a catalogue of coding sequences , and analysed their composition .")
    assert project_clauses([verbs], ["we identified reconstructed a catalogue of coding sequences , and analysed "
                                     "their composition ."]) == [verbs]
    unclosed = ("the oldest split occurred between a. barbata and the clade containing the ancestor of the a. amecae , "
                "a. lacustris , a. tincella .")
    assert undoes(unclosed, " , a. tincella")
    # a list that "etc." closes, a list whose items hold a compound's hyphens, an enumeration and a list of
    # treatments the writers did not close, a list of verbs' last item, and a past verb before its object pronoun
    for sentence, deleted in (
            ("the criteria can be based on a node significance measure , on module membership information , on network "
             "topological properties , etc. a seventh goal is to contrast two networks .",
             " on module membership information , on"),
            ("a variety of methods that included multilocus sequence typing , sequencing of the slpa gene , multilocus "
             "variable - number tandem - repeat analysis and ribotyping has been described .",
             " , sequencing of the slpa gene ,"),
            ("the functions can be divided into the following categories : <dig> network construction ; <dig> module "
             "detection ; <dig> module and gene selection ; <dig> visualization .", " ; <dig> visualization"),
            ("isolation of the promoter regions of three genes highly expressed in cold - stored fruits , allowed us to "
             "identify common regulatory elements .", " , allowed us to identify common regulatory elements"),
            # an introducer's part whose list goes on after it, and the later items of a list a colon counts
            ("seven different fas , important to beef quality and human health , were used in this transcriptome study , "
             "including : oleic acid , palmitic acid , stearic acid , linoleic acid , conjugated linoleic acid cis <dig> "
             "trans <dig> , eicosapentaenoic acid and docosahexaenoic acid .",
             " , including : oleic acid , palmitic acid , stearic acid , linoleic acid , conjugated linoleic acid cis "
             "<dig> trans <dig> , eicosapentaenoic acid and docosahexaenoic acid"),
            ("we present four application areas : protein specificity ; complex stoichiometry ; the diversity of "
             "proteomes ; protein properties at high temperatures .",
             " ; the diversity of proteomes ; protein properties at high temperatures"),
            # and a modifier before a comma whose noun is in the part
            ("one method is principal component analysis which provides coupled , low - dimensional representations "
             "of the samples .", " , low - dimensional representations of the samples")):
        assert undoes(sentence, deleted), sentence
    # (the rewrite as the rewriter wrote it: the list's words aligned with other items' than the ones it left out)
    treatments = ("in details , plants were exposed for <dig> h to four nutritional treatments : n absence , <dig> mm no3− , "
                  "<dig> mm nh4+ , <dig> mm no3− + <dig> mm nh4+ .")
    assert project_clauses([treatments], ["plants were exposed for <dig> h to four nutritional treatments : n absence , "
                                          "<dig> mm no3− + <dig>"]) == [treatments]
    # a long middle item of the list of verbs may still go, and the list stays closed
    verbs = ("in this work , we aim to clone the gene of calcineurin , analyze the expression of cna under al stress , "
             "identify the characteristics of interaction between cna and cam , and prove its al - tolerance in yeast .")
    middle = " , identify the characteristics of interaction between cna and cam"
    assert project_clauses([verbs], [verbs.replace(middle + " , and prove its al - tolerance in yeast", "")]) == [
        verbs.replace(middle, "")]
    # a coordinated clause's lead phrase, whose clause or last item is the part: left alone, it reads cut off
    lead = ("at a concentration of 3 % , serum significantly inhibited biofilm formation , and with increasing serum "
            "concentrations , the effect on biofilm formation became more pronounced .")
    assert undoes(lead, " , the effect on biofilm formation became more pronounced")
    # ... after a colon, and a coordinator's clause
    for sentence, deleted in (
            ("the soluble fraction is a mixture of both forms : under optimal conditions , nearly 55 % of it is bound .",
             " , nearly 55 % of it is bound"),
            ("the late genes are expressed until <dig> hours , after which they are up-regulated and , in contrast to "
             "the middle genes , continue to be expressed .",
             " , in contrast to the middle genes , continue to be expressed")):
        assert undoes(sentence, deleted), sentence
    items = ("the factor of day had the least effect , followed by pcr reaction mix , then platform , and then , as "
             "expected , plasmid copy number .")
    assert project_clauses([items], [items.replace(" , as expected , plasmid copy number", "")]) == [
        items.replace(" , as expected", "")]  # the list's last item stays; a side part inside it may still go
    # a side part that none of them follows may still go
    plain = "the gene is expressed in the liver , which stores glycogen ."
    assert project_clauses([plain], ["the gene is expressed in the liver ."]) == ["the gene is expressed in the liver ."]
    for joined, kept in (("and", "the spores died in the dark and the cells grew in the light ."),
                         ("whereas", "the spores died in the dark whereas the cells grew in the light , following an "
                                     "infection .")):
        both = f"the spores died in the dark {joined} the cells grew in the light , following an infection ."
        assert project_clauses([both], [both.replace(" , following an infection", "")]) == [kept]


def test_no_deletion_takes_a_compounds_second_half_or_a_clause_whose_verb_goes_on():
    """A dash after a prefix joins a compound and sets off no part; a clause whose verb the next part goes on with
    ("..., and ultimately to ...") stays."""
    compound = "we compared the tumours to adjacent non – malignant renal cells ."
    assert project_clauses([compound], ["we compared the tumours to adjacent non ."]) == [compound]
    shared = ("mreb is essential for cell viability , its depletion leads to a defect in chromosome segregation , and "
              "ultimately to the formation of round cells .")
    assert project_clauses([shared], ["mreb is essential for cell viability , and ultimately to the formation of round "
                                      "cells ."]) == [shared]
    # a dash after a word that is no prefix, and a clause after which a new clause follows, may still go
    dashed = "the cells grew – as expected – in the light ."
    assert project_clauses([dashed], ["the cells grew in the light ."]) == ["the cells grew in the light ."]


def test_no_deletion_takes_a_compound_modifiers_dash_or_a_lists_first_item():
    """A dash before a participle and a noun joins a compound modifier ("radical – scavenging effect", "rgd – treated
    group") and sets off no part, and a part between commas whose next comma's part closes a short list ("stiffness
    and cramps") is the list's first item: both stay (the rewriter's deletions that blind readers counted broken: "we
    found that the free radical .", "... in humans , stiffness and cramps , caused by ..."). A dash before a
    participle's own object, and a side part before a clause, may still go."""
    compound = ("a loss could destroy the cells . we found that the free radical – scavenging effect of the compound was "
                "<dig> % at 10 ppm .")
    assert project_clauses([compound], ["a loss could destroy the cells . we found that the free radical ."]) == [compound]
    treated = "in the 50 ppm rgd – treated group , <dig> % of free radical was removed ."
    assert project_clauses([treated], ["in the 50 ppm rgd – <dig> % of free radical was removed ."]) == [treated]
    first_item = ("bovine pmt disease strongly resembles the inherited brody myopathy in humans , a condition of "
                  "exercise-induced impairment of skeletal muscle relaxation , stiffness and cramps , caused by mutations "
                  "of atp2a <dig> coding for serca1 .")
    item = " , a condition of exercise-induced impairment of skeletal muscle relaxation"
    assert undoes(first_item, item)
    participle = "the cells grew well – including the mutants with the deletion – and divided ."
    # a dash no second dash closes before a comma joins a compound's halves ("enhancer – promoter interaction") or a
    # list's first items: that part stays; one that a second dash closes may go
    enhancer = ("since our main interest is to identify long - range enhancer – promoter interaction , chromcontact "
                "generates the track data by default .")
    assert undoes(enhancer, " – promoter interaction ,")
    assert undoes(enhancer, " – promoter interaction")
    someone = "you ca n't bear to think that someone – your best friend , amazing husband – is gone ."
    assert undoes(someone, " – your best friend")
    # a linking adverb's clause, and the subject's own verb after its relative clause, stay at the sentence's end
    however = "whole genomes were attained for <dig> copies , however , below this level , coverage was incomplete ."
    assert project_clauses([however], ["whole genomes were attained for <dig> copies , however ."]) == [however]
    assert project_clauses([however], ["whole genomes were attained for <dig> copies , however , coverage was "
                                       "incomplete ."]) == [however]  # the limit on the claim stays too
    whenever = ("a pattern of slowdown in large clades is expected under constant models , whenever the extinction rate "
                "is low .")
    assert project_clauses([whenever], [whenever[:whenever.index(" , whenever")] + " ."]) == [whenever]
    case = ("the key to gigogene higher precision , in the case of mrna/dna spliced alignment , is in the use of a new "
            "alignment .")  # a condition the phrase opens
    assert undoes(case, " , in the case of mrna/dna spliced alignment ,")
    assert project_clauses([case.replace("in the case of", "in")], [case.replace(
        " , in the case of mrna/dna spliced alignment ,", "")]) == [case.replace(" , in the case of mrna/dna spliced "
                                                                              "alignment ,", "")]  # a frame may go
    # an item too long for a list of short ones, before the last two, stays; an apposition may go
    aim = ("the purpose of our study was to characterize subgroups of patients that could be defined by "
           "differentiation , activation and regulation markers of b and t - lymphocytes expressing αβ or γδ tcr , "
           "natural killer cells and dendritic cells using supervised methods .")
    long_item = " , activation and regulation markers of b and t - lymphocytes expressing αβ or γδ tcr"
    assert undoes(aim, long_item)
    apposition = ("rod photoreceptors , the major cell type in the murine retina , are generated both before and after "
                  "birth .")
    short = "rod photoreceptors are generated both before and after birth ."
    assert project_clauses([apposition], [short]) == [short]
    bare = apposition.replace(" , the major cell type", " , major cell type")  # a bare noun phrase, no list after it
    assert project_clauses([bare], [short]) == [short]
    # the main clause after a span of time that opens the sentence stays
    timed = ("forty - eight hours after doc treatment , ht <dig> cells started displaying annv - staining above control "
             "levels , but the percentage of annv+ cells was lower than that of maa+ cells .")
    assert undoes(timed, " , ht <dig> cells started displaying annv - staining above control levels")
    assert deletions._opens_a_time_phrase("<dig> h after infection , the cells died .".split())
    assert not deletions._opens_a_time_phrase("<dig> patients after surgery , the cells died .".split())
    assert not deletions._opens_a_time_phrase("two days later he was back on the pitch , sporting a mask .".split())
    # a formula's minus between two symbols, and the first of two predicates that "and" joins, stay
    formula = ("we estimated the rates , with net diversification rates derived as r = λ – μ <cit> ; and rates of "
               "transition .")
    assert undoes(formula, " – μ <cit>")
    predicates_ = ("for example , <dig> isolates with ribotype <dig> originating from six different european "
                   "countries , displayed identical sequences at tr <dig> and tr <dig> that discriminated them from "
                   "all other isolates , and jointly were assigned trst sequence type tr- <dig> .")
    first = " , displayed identical sequences at tr <dig> and tr <dig> that discriminated them from all other isolates"
    assert undoes(predicates_, first)
    # after "respectively", a part that holds the pairing's other side stays; a clause about the pair may go
    pairs = "the study found only <dig> common degs among <dig> and <dig> respectively , from affymetrix and codelink ."
    assert undoes(pairs, " , from affymetrix and codelink")
    matched = "the values were <dig> and <dig> respectively , which matched the earlier estimates ."
    assert project_clauses([matched], ["the values were <dig> and <dig> respectively ."]) == [
        "the values were <dig> and <dig> respectively ."]
    relative = ("isolate o / ukg / <dig> which exhibited the highest viral load , generated a coverage depth > <dig> "
                "across the genome .")
    assert project_clauses([relative], ["isolate o / ukg / <dig> which exhibited the highest viral load ."]) == [relative]
    # one word between two commas is a list's item; what a verb combines the first thing with stays
    items = "we tested <dig> individuals with european , asian , african ancestry from the hapmap consortium ."
    assert undoes(items, " , asian")
    adverb = "the cells , interestingly , grew in the dark ."
    assert project_clauses([adverb], ["the cells grew in the dark ."]) == ["the cells grew in the dark ."]
    combines = ("the proposed method combines the projection matching of wavelet denoising for an initial determination "
                "of particle orientation , with the common lines method for refinement to a higher resolution .")
    assert project_clauses([combines], [combines[:combines.index(" , with")] + " ."]) == [combines]
    grew = "the cells grew in the dark , with the spores in the light ."
    assert project_clauses([grew], ["the cells grew in the dark ."]) == ["the cells grew in the dark ."]
    after_verb = "the isolate grew fast in the medium which held iron , followed by a slow decline ."
    assert project_clauses([after_verb], ["the isolate grew fast in the medium which held iron ."]) == [
        "the isolate grew fast in the medium which held iron ."]  # its own verb came before the relative clause
    shorter = "the cells grew well and divided ."
    assert project_clauses([participle], [shorter]) == [shorter]
    side = "the protein , a kinase of the cell wall , binds dna in all cells ."
    assert project_clauses([side], ["the protein binds dna in all cells ."]) == ["the protein binds dna in all cells ."]


def test_no_deletion_takes_its_clauses_only_verb_or_a_list_of_clauses_closing_items():
    """A part that holds the only verb of its clause (between semicolons) stays, and so do a list of clauses' closing
    items after its kept middle item (the rewriter's deletions in SumPubMed papers that a blind reader found
    broken: "however , with bpnn - based validation ; which further increased ...", a list of patients cut into a
    comma splice)."""
    main_clause = ("in the year <dig> when models were validated , the value went up to <dig> ; however , with bpnn-based "
                   "validation , the r <dig> improved by about 21 % to <dig> with almost 36 % improvement in its % mae "
                   "value ; which further increased when grnn-based validation was applied .")
    part = " , the r <dig> improved by about 21 % to <dig> with almost 36 % improvement in its % mae value"
    assert undoes(main_clause, part)
    # a side part whose clause keeps its verb still goes
    side = ("the r <dig> went up ; the r <dig> , the coefficient of determination , improved by about 21 % ; which further "
            "increased .")
    assert project_clauses([side], [side.replace(" , the coefficient of determination ,", "")]) == [
        side.replace(" , the coefficient of determination ,", "")]
    clauses = ("of the patients included , <dig> patients were mpo - anca positive , both antibodies were found in six "
               "patients , anti - gbm antibodies without anca were found in six patients , and five patients were "
               "positive for pr3 - anca .")
    cut = clauses[:clauses.index(" , anti - gbm")] + " ."
    middle = " , anti - gbm antibodies without anca were found in six patients"
    assert project_clauses([clauses], [cut]) == [clauses.replace(middle, "")]  # the closing item stays
    counted = ("of the patients included , <dig> patients were mpo - anca positive , six patients were positive for both "
               "antibodies , six patients were positive for anti - gbm antibodies without anca , and five patients were "
               "positive for pr3 - anca .")
    cut = counted[:counted.index(" , six patients were positive for anti")] + " ."
    assert project_clauses([counted], [cut]) == [counted]  # items that open with counts stay, the middle one too
    # the clause after "that" loses its verb with the sentence's last part, the comma before the verb its only mark
    complement = ("our analysis suggests that zmcct and one of the circadian clock core genes , zmcca <dig> are "
                  "important nodes linking photoperiod with stress responses .")
    cut_complement = "our analysis suggests that zmcct and one of the circadian clock core genes ."
    assert project_clauses([complement], [cut_complement]) == [complement]
    # ... but a last part after a clause with its verb goes, and so does one after "that" standing for a noun
    for whole, shorter in (("we show that zmcct is a clock gene , which links photoperiod with stress responses .",
                            "we show that zmcct is a clock gene ."),
                           ("the response was higher than that of untreated rats , which implies a role of trpm8 .",
                            "the response was higher than that of untreated rats .")):
        assert project_clauses([whole], [shorter]) == [shorter]
    # a trailing side part after a single clause still goes
    single = "the <dig> patients were mpo - anca positive , and none was positive for pr3 - anca ."
    assert project_clauses([single], ["the <dig> patients were mpo - anca positive ."]) == [
        "the <dig> patients were mpo - anca positive ."]


def test_no_deletion_hands_a_reduced_relative_to_another_noun_or_cuts_a_list_of_quantities_or_by_phrases():
    """A part whose noun a participle after it names stays; so do a list's later quantities and a middle "by" item
    that a later "and by" closes (the rewriter's deletions a blind reader found broken in SumPubMed train papers)."""
    handed_on = ("the use of tom <dig> was justified by its greater coverage , while the value of the hom apple array was "
                 "grounded in the fact that this is a fruit dedicated array , already used to identify genes expressed "
                 "during fruit development , and in this context represented a valuable tool .")
    part = " , while the value of the hom apple array was grounded in the fact that this is a fruit dedicated array"
    assert undoes(handed_on, part)
    quantities = ("the optimum operating conditions to achieve maximum release of hbsag were <dig> times number of passes , "
                  "<dig> g / l of biomass concentration and pulse pressure at <dig> bar .")
    assert project_clauses([quantities], ["the optimum operating conditions to achieve maximum release of hbsag were <dig> "
                                          "times number of passes ."]) == [quantities]
    by_items = ("we explore a simple graph model , allowing for change by the process of replication , where a complete "
                "sequence of dna is copied , by substitution , in which the chemical characteristics of a nucleotide are "
                "changed , and by the breaking of adjacencies .")
    assert undoes(by_items, " , by substitution")
    # a side part still goes where no participle names the noun before it, and where no quantity stands before a
    # last part
    for sentence, part in (
            ("the tom array was used for its greater coverage , while the hom array was dedicated to fruit , and it "
             "represented a valuable tool .", " , while the hom array was dedicated to fruit"),
            ("the cells were grown in rich medium , <dig> h at 37 °c and then overnight .",
             " , <dig> h at 37 °c and then overnight")):
        assert project_clauses([sentence], [sentence.replace(part, "")]) == [sentence.replace(part, "")], sentence


def test_no_deletion_takes_an_enumerated_items_main_clause_a_predicate_before_a_side_part_or_a_colons_first_item():
    """The main clause after a fronted "while" inside an enumerated item, a predicate whose clause keeps a verb only in
    the side part after it, and a colon's first item whose later items stay (the rewriter's deletions a blind reader
    found broken in SumPubMed train papers 9,200-9,299)."""
    enumerated = ("we found that : 1 ) while hgf / met signalling indirectly impacts on nerve growth through the "
                  "regulation of muscle size in the limbs , a direct regulation of motor growth is achieved in the "
                  "presence of limiting amounts of muscles by activating pi3k , but not src , pathway ; 2 ) the function "
                  "of hgf / met can be accomplished through several alternative signalling cascades .")
    part = (" , a direct regulation of motor growth is achieved in the presence of limiting amounts of muscles by "
            "activating pi3k")
    predicate = ("the genomes of the known heteroploid endophyte taxa n . coenophialum , n . uncinatum and fatg- <dig> "
                 "contributed gene copies to both major phylogram groups , consistent with hybrid origins either from one "
                 "of the relevant epichloë species , or a closely related taxon .")
    colon = ("groups b-d are composed by contigs with fpkm > <dig> in only two of the species studied , as following : e "
             ". globulus and e . grandis ; e . globulus and e . urophylla ; e . grandis and e . urophylla .")
    for sentence, deleted in ((enumerated, part),
                              (predicate, " , n . uncinatum and fatg- <dig> contributed gene copies to both major phylogram "
                                          "groups"),
                              (colon, " , as following : e . globulus and e . grandis")):
        assert undoes(sentence, deleted), sentence
    # (a relative clause set off by both its commas still goes: test_a_condition_and_what_respectively_pairs_stay)


def test_no_deletion_leaves_the_same_words_on_both_sides_of_its_gap():
    """A part whose deletion would put the same words side by side named what the words around it tell apart: the
    deletion is undone, whichever commas it took."""
    sentence = ("the reference product containing ciclosporin a , atopica ® soft capsules for dogs and cyclavance ® oral "
                "solution containing the same active ingredient , ciclosporin a 100 mg / ml oral solution were used .")
    for rewrite in ("the reference product containing ciclosporin a ciclosporin a 100 mg / ml oral solution were used .",
                    "the reference product containing ciclosporin a , ciclosporin a 100 mg / ml oral solution were used ."):
        assert project_clauses([sentence], [rewrite]) == [sentence]
    # a part between different words still goes
    other = "the product , a soft capsule for dogs , contains ciclosporin a ."
    assert project_clauses([other], ["the product contains ciclosporin a ."]) == ["the product contains ciclosporin a ."]


def test_the_main_clause_after_a_labels_opening_phrase_stays():
    """A label and its colon at a sentence's start ("remarks :") leave the phrase after them an opening phrase, whose
    main clause stays."""
    sentence = "remarks : based on the new characters identified , we erect the new genus eobowenia ."
    assert project_clauses([sentence], ["remarks : based on the new characters identified ."]) == [sentence]
    # without the label, as before
    plain = "based on the new characters identified , we erect the new genus eobowenia ."
    assert project_clauses([plain], ["based on the new characters identified ."]) == [plain]


def test_no_deletion_takes_an_appositions_marker_alone():
    # "that is" between commas is a side part of its own, but the apposition after it needs it
    sentence = "we scored with only secondary structure , that is , <dig> % weighting of the term ."
    assert project_clauses([sentence], ["we scored with only secondary structure <dig> % weighting of the term ."]) == [
        sentence]
    marked = "the genes were grouped by function , e.g. , transport and signalling ."
    assert project_clauses([marked], ["the genes were grouped by function transport and signalling ."]) == [marked]


def test_no_deletion_takes_an_infinitives_object_or_a_relative_clause_whose_second_verb_stays():
    """The object of "to <verb>" after a phrase between commas is no side part; a relative clause whose verb goes
    on after the coordinator ("which will reduce ... , and makes ...") holds that verb's subject."""
    infinitive = ("to investigate , in the absence of disease variables , the role of the brain epo system , we "
                  "performed studies in young mice .")
    assert project_clauses([infinitive], ["to investigate , in the absence of disease variables , we performed "
                                          "studies in young mice ."]) == [infinitive]
    # "to" before a word that is also a noun is a preposition: the apposition after it goes
    preposition = "estrogen blocks the transition from conidia to yeast , the infective form of the fungus ."
    assert project_clauses([preposition], ["estrogen blocks the transition from conidia to yeast ."]) == [
        "estrogen blocks the transition from conidia to yeast ."]
    relative = ("models suggest that scrounging will evolve in groups , which will reduce the finding rate of groups , "
                "and makes that group foraging is unlikely .")
    assert project_clauses([relative], ["models suggest that scrounging will evolve in groups and makes that group "
                                        "foraging is unlikely ."]) == [relative]
    # before a coordinator and a determiner the relative clause still goes
    nouns = ("the first is partial graph completion , which means that the graph can be sent to many services , and "
             "each can annotate it .")
    assert project_clauses([nouns], ["the first is partial graph completion , and each can annotate it ."]) == [
        "the first is partial graph completion , and each can annotate it ."]


def test_no_deletion_takes_a_present_predicate_or_a_modifiers_noun_after_its_adverb():
    """A part that opens with a verb in "s" the lexicon also knows as a noun, before a preposition, is the
    predicate of a subject the writers set off with a comma; a part whose adverb and adjective go before the noun of
    the modifier left before its comma holds that noun."""
    predicate = ("the significant reduction in cells observed in ad patients , involving not only projection fibers , "
                 "but also their receptors , points at a severely compromised serotonergic system .")
    assert project_clauses([predicate], ["the significant reduction in cells observed in ad patients , involving not "
                                         "only projection fibers , but also their receptors ."]) == [predicate]
    modifier = "the key to the adoption of ehr is the privacy of the digitalized , highly sensitive medical data ."
    assert project_clauses([modifier], ["the key to the adoption of ehr is the privacy of the digitalized ."]) == [
        modifier]
    # what a measure is taken against stays
    measure = "spatial variation in δ13c in ants , relative to the resource base , was explained by colony history ."
    assert project_clauses([measure], ["spatial variation in δ13c in ants was explained by colony history ."]) == [
        measure]
    # a plural noun before "of" still opens an apposition that goes
    nouns = "we compared the two methods , results of the earlier study , in every sample ."
    assert project_clauses([nouns], ["we compared the two methods in every sample ."]) == [
        "we compared the two methods in every sample ."]


def test_no_deletion_takes_an_added_item_and_an_asides_commas_go_before_an_adverb_and_its_verb():
    """"in addition to ..." adds to what the claim is about, as "together with" does; a side part between a subject
    and an adverb before its verb takes both of its commas."""
    added = "the training used the decoy sets from the decoys database , in addition to the moulder and rosetta sets ."
    assert project_clauses([added], ["the training used the decoy sets from the decoys database ."]) == [added]
    aside = "many transition period disorders , including fatty liver , also occur in a subclinical form ."
    for rewrite in ("many transition period disorders , also occur in a subclinical form .",
                    "many transition period disorders also occur in a subclinical form ."):
        assert project_clauses([aside], [rewrite]) == [
            "many transition period disorders also occur in a subclinical form ."]


def test_no_deletion_takes_a_contrast_that_qualifies_the_claim():
    """A last part that "but" or "yet" opens with no clause of its own qualifies what the sentence said: without it a
    finding reads as wholly favourable; a "but" that opens a clause of its own still goes at the sentence's end."""
    shorter = ("our results show that intermediate p concentrations of about <dig> μm , which are often present in "
               "environments , led to a tissue - specific regulation of phts , a relative increase in p uptake with "
               "low km and high vmax , increased p use efficiency .")
    contrast = shorter[:-2] + " , but strong growth reduction ."
    assert project_clauses([contrast], [shorter]) == [contrast]
    scope = "the phenotype was observed in all downregulated plants , yet not in the control plants ."
    assert project_clauses([scope], ["the phenotype was observed in all downregulated plants ."]) == [scope]
    clause = "the phenotype was observed in all downregulated plants , but the control plants were not tested ."
    assert project_clauses([clause], ["the phenotype was observed in all downregulated plants ."]) == [
        "the phenotype was observed in all downregulated plants ."]


def test_no_deletion_leaves_a_coordinated_clauses_leads_without_it():
    """After ", and", a sentence adverb and a comparison's phrase kept without the clause they lead read as cut off; an
    apposition before that clause still goes."""
    source = ("we have demonstrated that the biosynthesis is regulated by two regulatory proteins , and remarkably , "
              "compared to the closely - related strain , streptomyces sp. kctc 11604bp , it differs substantially .")
    cut = ("we have demonstrated that the biosynthesis is regulated by two regulatory proteins , and remarkably , "
           "compared to the closely - related strain .")
    assert project_clauses([source], [cut]) == [source.replace(" , streptomyces sp. kctc 11604bp", "")]
    # a last part after a coordinated clause with its verb still goes
    whole = "the gene is regulated by two proteins , and remarkably , it is expressed early , which was unexpected ."
    kept = "the gene is regulated by two proteins , and remarkably , it is expressed early ."
    assert project_clauses([whole], [kept]) == [kept]


def test_no_deletion_takes_a_part_that_ends_on_its_verb_or_a_final_participle():
    """A part that ends on "was" (or another copula or auxiliary) leaves its complement after the next comma; a last
    part of one past participle is the predicate of the clause before it, its "was" elided."""
    copula = ("the measurements changed , probably because the heart rate was , on average , slightly higher on day "
              "<dig> .")
    assert project_clauses([copula], ["the measurements changed , slightly higher on day <dig> ."]) == [copula]
    elided = "the transcripts were confirmed and the role of one antisense transcript for meab , investigated ."
    assert project_clauses([elided], ["the transcripts were confirmed and the role of one antisense transcript for "
                                      "meab ."]) == [elided]
    # a part that ends on its complement still goes
    whole = "the measurements changed , probably because the heart rate was higher , on day <dig> ."
    assert project_clauses([whole], ["the measurements changed on day <dig> ."]) == ["the measurements changed on day "
                                                                                   "<dig> ."]


def test_no_deletion_takes_what_a_colon_announces_or_the_kind_a_claim_holds_for():
    """A part that holds a colon, closed by a comma or a semicolon inside the sentence, stays: what the colon
    announces goes on past that comma ("... to mycelia , it changes from a dormant state ...", read blind as broken).
    A short phrase after "in" or "for" that ends on a kind's noun ("isoform", "strain") says which kind the claim
    holds for, and stays (read blind as unsupported without it). A bracket's colon, a colon's part that the sentence
    closes, and a phrase that names no kind may still go."""
    follows = ("killing insect by fungi is a process of spore germination and outgrow to mycelia , which can be "
               "concluded as follows : as soon as a fungal spore is exposed to its favourable conditions , it changes "
               "from a dormant state to an actively metabolizing cell .")
    announced = (" , which can be concluded as follows : as soon as a fungal spore is exposed to its favourable "
                 "conditions")
    assert undoes(follows, announced)
    assert undoes(follows, announced + " ,")
    uses = "linkage maps have broad utility , including : the study of traits ; comparative genomics ; and mapping ."
    assert undoes(uses, " , including : the study of traits ;")
    bracketed = "twelve subjects ( age range : <dig> - <dig> years ) were studied ."
    assert not undoes(bracketed, " ( age range : <dig> - <dig> years )")
    closing = "the method has two parameters , as follows : cost and gamma ."
    assert not undoes(closing, " , as follows : cost and gamma")
    isoform = ("in a. thaliana these two enzymes are fused into a single chain , containing a pts- <dig> sequence , "
               "between the two domains , in the <dig> -residues isoform .")
    assert undoes(isoform, " , in the <dig> -residues isoform")
    assert undoes(isoform.replace("isoform", "mutant strain"), " , in the <dig> -residues mutant strain")
    place = isoform.replace("<dig> -residues isoform", "cytoplasm")
    assert not undoes(place, " , in the cytoplasm")


def test_no_deletion_takes_a_dash_alone():
    """A rewrite that drops only a dash leaves an aside open ("... results – similar to secondary structure prediction
    in prediction ...", read blind as broken): the dash stays; the aside with both its dashes may go."""
    aside = "mwm prediction results – similar to secondary structure prediction – in prediction with high sensitivity ."
    assert project_clauses([aside], [aside.replace("prediction – in", "prediction in")]) == [aside]
    assert project_clauses([aside], [aside.replace(" – similar to secondary structure prediction –", "")]) == [
        "mwm prediction results in prediction with high sensitivity ."]


def test_no_deletion_takes_what_the_clauses_noun_depends_on():
    """A last part that opens with "on" after a noun or a verb that takes it ("dependence", "effect", "relies") is that
    word's complement, set off by the writers' comma after a long phrase: it stays (read blind as cut off without it).
    After no such word, a last part that opens with "on" may go."""
    dependence = ("recent reports confirmed the dependence of protein translocation across the outer membrane of "
                  "cyanelles through a red alga , on the presence of a phenylalanine within the transit sequence "
                  "<cit> .")
    assert undoes(dependence, " , on the presence of a phenylalanine within the transit sequence <cit>")
    assert not undoes("the cells were counted in every dish , on day <dig> .", " , on day <dig>")


def test_no_deletion_leaves_a_determiners_adjective_without_its_noun():
    """An adjective right after a determiner before the part's comma goes with a noun in the part, whatever else the
    part holds: the part stays (read blind as broken without it: "a vector species that employs a unique armigeres
    subalbatus , ..."). After a noun, the part may go."""
    vector = ("a vector species that employs a unique , robust immune response against an invading pathogen is the "
              "mosquito , armigeres subalbatus , a natural vector of the nematode parasites .")
    assert undoes(vector, " , robust immune response against an invading pathogen is the mosquito")
    noun = "the mosquito , a natural vector of the nematode parasites , is robust ."
    assert project_clauses([noun], ["the mosquito is robust ."]) == ["the mosquito is robust ."]


def test_no_deletion_takes_the_next_phrase_of_a_list_that_one_preposition_opens():
    """A part that opens with the preposition of the last phrase before its comma is that list's next item ("grown in
    iron - depleted lb , in human urine and serum"): it stays (read blind as a claim made narrower without it). A part
    that opens with another preposition may go."""
    grown = ("table <dig> shows the transcriptome patterns for ps <dig> grown in iron - depleted lb , in human urine "
             "and serum , as well as that of pamm .")
    assert undoes(grown, " , in human urine and serum")
    other = "the cells were grown in the light , at a high density , as expected ."
    assert project_clauses([other], ["the cells were grown in the light , as expected ."]) == [
        "the cells were grown in the light , as expected ."]


def test_no_deletion_takes_a_coordinators_second_half():
    """A part after "and finally ," is what the coordinator joins: without it the sentence ends on "and finally"
    (read blind as cut off), so it stays; a part after "and" and a noun may go."""
    accrual = ("it involved the accrual of mrs data , the creation of a database , the training of a mathematical "
               "classifier <cit> and finally , the introduction of both data and classifiers into the final program .")
    assert undoes(accrual, " , the introduction of both data and classifiers into the final program")
    graded = ("with the arrival of new genotyping technologies and large - scale genomic projects , it is now "
              "possible to measure genomic ancestry using large genome - wide snp panels or , more recently , next "
              "generation sequencing data .")
    assert undoes(graded, " , next generation sequencing data")  # an adverb and the word that grades it
    noun = "the training of a classifier and the database , built from mrs data , took a year ."
    assert project_clauses([noun], ["the training of a classifier and the database took a year ."]) == [
        "the training of a classifier and the database took a year ."]
    # an aside between the coordinator and what it joins may go
    sampled = "the trees were sampled in the usa and , where the density permitted , in mexico ."
    assert project_clauses([sampled], ["the trees were sampled in the usa and in mexico ."]) == [
        "the trees were sampled in the usa and in mexico ."]


def test_no_deletion_takes_the_antecedent_of_a_relative_clause_that_opens_with_its_preposition():
    """", of which nine appear to be new species": the relative pronoun names the noun before it, which the part
    before it holds, so the part stays; before a part that opens with a preposition and no pronoun it may go."""
    group = ("clade <dig> continues to be the most species - rich group , including <dig> new isolates , of which nine "
             "appear to be new species .")
    assert undoes(group, " , including <dig> new isolates")
    sage = "we used the longsage technique , that provided a total of <dig> tags , from which <dig> were expressed ."
    assert undoes(sage, " , that provided a total of <dig> tags")
    enzyme = "the enzymatic activity , required for the antimicrobial function , of irga <dig> is active in complexes ."
    assert project_clauses([enzyme], ["the enzymatic activity of irga <dig> is active in complexes ."]) == [
        "the enzymatic activity of irga <dig> is active in complexes ."]


def test_no_deletion_takes_one_of_two_parts_that_describe_their_nouns_alike():
    """A part whose participle, or whose relative pronoun's verb, a later part of the sentence repeats for another noun:
    the sentence contrasts the two, and without the first its claim would hold for every such noun."""
    infected = ("bone - marrow - derived macrophages , infected <dig> days earlier with wild - type l. mexicana , "
                "showed ablation of gata- <dig> but expression was maintained in cells infected with alt - transgenic "
                "parasites .")
    assert undoes(infected, " , infected <dig> days earlier with wild - type l. mexicana ,")
    padog = ("a gene set a having <dig> genes differentially expressed , that appear only in gene set a , will be "
             "found more significant than a gene set b that has <dig> such genes but which appear in other gene sets "
             "as well .")
    assert undoes(padog, " , that appear only in gene set a")
    # the rewriter's own rewrite, which keeps the comma before the part and drops far more
    rewrite = "a gene set a having <dig> genes , which appear in other gene sets as well ."
    assert project_clauses([padog], [rewrite]) == [padog]
    # a part described once may go
    once = "the macrophages , infected <dig> days earlier with l. mexicana , showed ablation of gata- <dig> ."
    assert project_clauses([once], ["the macrophages showed ablation of gata- <dig> ."]) == [
        "the macrophages showed ablation of gata- <dig> ."]
    other_verb = padog.replace("but which appear in", "but which hold")  # another verb: no parallel
    assert project_clauses([other_verb], [other_verb.replace(" , that appear only in gene set a ,", "")]) == [
        other_verb.replace(" , that appear only in gene set a ,", "")]


def test_no_deletion_takes_the_main_clause_after_a_supposition():
    """"suppose ..." opens a subordinate clause as "if" does: the clause after its comma is the main one."""
    suppose = ("suppose there are <dig> disease genes in the family , after cross validation , we obtain <dig> rank "
               "lists , each with <dig> prioritizations .")
    assert project_clauses([suppose], ["suppose there are <dig> disease genes in the family ."]) == [
        "suppose there are <dig> disease genes in the family , we obtain <dig> rank lists , each with <dig> "
        "prioritizations ."]


def test_no_deletion_takes_the_other_sides_of_a_between_or_a_list_said_alike():
    """"between" names two sides or more: a part that holds the others stays unless the words before it count them;
    a list's later items stay when they open with the word that opens its first ("less weight , less fat mass and
    less lean mass"), and so does an assumption, a condition on the claim."""
    between = ("no significant differences were found between the melanoma patients , people with vitiligo and healthy "
               "control subjects .")
    assert undoes(between, " , people with vitiligo and healthy control subjects")
    counted = "the inference of homology between two related genera , lipotes and platanista , implies a link ."
    assert project_clauses([counted], ["the inference of homology between two related genera implies a link ."]) == [
        "the inference of homology between two related genera implies a link ."]
    alike = "wt quinine mice gained less weight , less fat mass and less lean mass than wt control mice ."
    assert undoes(alike, " , less fat mass and less lean mass than wt control mice")
    assumed = "when optimized independently , assuming replete nutrients for each cell type , both cells grow faster ."
    assert undoes(assumed, " , assuming replete nutrients for each cell type")


def test_no_deletion_takes_the_later_items_of_a_list_whose_items_open_with_counts():
    """Items that each open with a count open alike, a number or one spelled out: the list's later clauses stay."""
    groups = ("the genes can be assigned to six groups : <dig> genes have putative functions in signaling , <dig> "
              "genes are assigned to processes linked to the cell cycle , <dig> genes can be linked to the cytoskeleton "
              ", eight genes are linked to general metabolic functions , and <dig> genes are proteins of the cell "
              "surface .")
    assert undoes(groups, " , eight genes are linked to general metabolic functions , and <dig> genes are proteins of "
                          "the cell surface")


def test_no_deletion_takes_a_relative_clauses_verb_or_what_an_apposition_marker_announces():
    """A relative clause opened before the part keeps the part that holds its verb; "that is" keeps the apposition it
    announces, with or without a comma before it."""
    plants = ("we also pinpoint some parameters for which extrapolating results from analyses of plants -- in "
              "particular those grown in chambers -- in controlled conditions could be misleading .")
    aside = " -- in particular those grown in chambers -- in controlled conditions could be misleading"
    cut = plants.replace(aside, "")
    assert project_clauses([plants], [cut]) == [  # the aside may still go, with both its dashes
        "we also pinpoint some parameters for which extrapolating results from analyses of plants in controlled "
        "conditions could be misleading ."]
    for sentence in ("a total of <dig> sequences had hits with drosophila genes at e < 10- <dig> that is , <dig> % of "
                     "the <dig> unique sequences .",
                     "a total of <dig> sequences had hits with drosophila genes , that is , <dig> % of the <dig> "
                     "unique sequences ."):
        assert undoes(sentence, " , <dig> % of the <dig> unique sequences"), sentence
    # the relative clause has its verb: a later part may go
    results = "we pinpoint some parameters for which results are misleading , in particular those of plants ."
    assert project_clauses([results], ["we pinpoint some parameters for which results are misleading ."]) == [
        "we pinpoint some parameters for which results are misleading ."]


def test_no_deletion_takes_the_part_that_holds_the_sentences_verb():
    """A part after a comma that holds a finite "be" or "have" of its own, with no predicate kept before it, holds the
    sentence's verb: without it no clause is left; a relative clause's own "were" does not count."""
    similar = ("the data for the numbers of total cells , total pna - positive l. pneumophila and cultivable l. "
               "pneumophila in dual species biofilms were similar , except for the numbers of cultivable l. "
               "pneumophila when associated with acidovorax sp. which were significantly lower .")
    assert undoes(similar, " , total pna - positive l. pneumophila and cultivable l. pneumophila in dual species "
                           "biofilms were similar ,")
    rather = "rather , the proliferative response was more persistent , presumably reflecting prolonged infection ."
    assert undoes(rather, " , the proliferative response was more persistent")
    relative = "the samples showed high counts , which were expected from the season ."
    assert project_clauses([relative], ["the samples showed high counts ."]) == ["the samples showed high counts ."]
    # ... nor after a subordinate clause that opens the sentence: the part is its main clause
    macula = ("if , however , the macula was at least <dig> days old at the time of inoculation , colony development "
              "was similar to controls , suggesting that older bodies produce volatiles .")
    assert undoes(macula, " , colony development was similar to controls")
    # ... nor, with no predicate kept before it, a past verb and its object: the sentence's verb
    modification = ("indeed , a simple modification of the method , involving a higher temperature , increased the "
                    "efficiency of recovery , suggesting that the method could be improved .")
    assert undoes(modification, " , increased the efficiency of recovery")
    # (a main clause after the subordinate one is kept already)
    assert deletions._is_an_opening_subordinate_clause("if , however , the macula was old at the time".split())
    for kept in ("although the cells grew , the mutant was slow", "the mutant was slow"):
        assert not deletions._is_an_opening_subordinate_clause(kept.split()), kept


def test_no_deletion_takes_a_measures_condition_a_phrases_second_item_or_a_list_of_labels():
    """"when" and a participle is the condition a measure holds under; a part whose preposition the coordinator after
    it repeats is a phrase's first item; a label after another label's comma shares its noun."""
    kept = [("vullo 's two - stage predictor achieved <dig> % prediction accuracy for the minimum contact separation of "
             "<dig> residues , when evaluating on the top l/ <dig> predicted contacts .",
             " , when evaluating on the top l/ <dig> predicted contacts"),
            ("the three populations are separated by <dig> diagnostic characters , comparable to those distinguishing "
             "the two l. dorsalis populations , or to those detected between the two species .",
             " , comparable to those distinguishing the two l. dorsalis populations"),
            ("the first one concerned the pi3k catalytic subunits and the class ia , iii but not ib regulatory subunits "
             "in opisthokonta species .", " , iii but not ib regulatory subunits in opisthokonta species"),
            ("many genes regulated by sa , aba or auxin signalling were up - regulated in aos plants .",
             " , aba or auxin signalling were up - regulated in aos plants")]
    for sentence, part in kept:
        assert undoes(sentence, part), part
    over = "the partnership ended in the last over , when the batsman edged a delivery onto his stumps ."
    assert project_clauses([over], [over.replace(" , when the batsman edged a delivery onto his stumps", "")]) == [
        "the partnership ended in the last over ."]  # a time, not a measure's condition
    # a longer word before the comma, or a word the lexicon knows as more than a noun, is no label: an aside
    assert not deletions._continues_a_list_of_labels("subunits", "iii but not ib".split())
    assert not deletions._continues_a_list_of_labels("bit", "now and again".split())


def test_no_deletion_runs_two_noun_phrases_together_or_takes_a_series_of_compounds_or_counted_items():
    """A part between a bare subject and a noun phrase, a series of compounds that share their first half, what an
    ellipsis after numbers goes on with, and the items a sentence's spelled-out count announces stay."""
    paralogs = ("structures of its paralogs , including apo - ldtmt <dig> and an imipenem - adduct structure of "
                "ldtmt <dig> , the apo- and meropenem - adduct structures of ldtmt <dig> have also been reported .")
    assert undoes(paralogs, " , including apo - ldtmt <dig> and an imipenem - adduct structure of ldtmt <dig> ,")
    assert deletions._is_a_bare_subject("structures of its paralogs".split())
    # after an opening phrase, an adverb or a clause the determiner opens another noun phrase's place
    for kept in ("in this study", "interestingly", "the cells grew", "however ,"):
        assert not deletions._is_a_bare_subject(kept.split()), kept
    complexes = ("additional electron density was observed in ldtmt2 – biapenem and ldtmt2 – tebipenem "
                 "complexes .")
    assert undoes(complexes, " – biapenem and ldtmt2 – tebipenem complexes")
    dogs = "it was awful with wild dogs -- literally wild dogs -- roaming the streets ."  # an aside's dashes
    assert project_clauses([dogs], ["it was awful with wild dogs roaming the streets ."]) == [
        "it was awful with wild dogs roaming the streets ."]
    alu = "we obtain the probabilities of alu sequences with j = <dig> <dig> <dig> ... copies ."
    assert undoes(alu, " ... copies")
    pnsb = ("three observed key characteristics of growth are the co <dig> production rate correlates with the "
            "substrate ; usually no other products can be detected and some of the released co <dig> is reused .")
    assert undoes(pnsb, " ; usually no other products can be detected and some of the released co <dig> is reused")
    uncounted = "the rate correlates with the substrate ; usually no other products can be detected ."
    assert deletions._counts_its_items(pnsb.split()) and not deletions._counts_its_items(uncounted.split())


def test_no_deletion_takes_a_middle_item_of_a_list_of_counts_or_leaves_a_closing_name_to_another_noun():
    """Items that open with counts, "one" among them, are a list's however long one of them is; a short name after a
    part's closing comma names the part's last noun."""
    genes = ("the genes were dispersed among <dig> gene clusters : six nrpss , <dig> pkss , five polyketide synthase - "
             "nonribosomal peptide synthase hybrids , <dig> tss , two dmatss , and one chalcone/stilbene synthase gene .")
    assert undoes(genes, " , <dig> pkss")
    assert deletions._is_a_count("one") and not deletions._is_a_count("once")
    strains = ("the japanese strains are close to the known subpopulation hspeasia of hpeastasia , whereas <dig> strains "
               "are close to another subpopulation of hpeastasia , hspamerind .")
    assert undoes(strains, " , whereas <dig> strains are close to another subpopulation of hpeastasia")
    # a clause after the comma is no name: the part may go
    assert deletions._is_a_closing_name(["hspamerind"])
    assert not deletions._is_a_closing_name("they grew".split()) and not deletions._is_a_closing_name([])


def test_no_deletion_takes_a_counted_lists_later_items_an_introducers_part_or_a_compounds_species():
    """The items after the first that a count before a colon announces, with commas between them; a part that holds
    a list's introducer before the list's later items; and a species after a dash, a compound's second half."""
    experiments = ("transcripts were detected on five global expression experiments : supersage of soybean leaves "
                   "after inoculation <cit> , rna - seq of microdissected lesions , two different microarrays of leaves "
                   "and rna - seq expression data of healthy plants , available at soybase .")
    assert undoes(experiments, " , rna - seq of microdissected lesions , two different microarrays of leaves and rna - "
                               "seq expression data of healthy plants")
    # the items from the first comma on; with no count in the colon's clause the list announces no number of items
    words = experiments.split()
    assert announced_list_positions(words) == set(range(words.index(","), len(words)))
    uncounted = experiments.replace("five global expression experiments", "global expression experiments")
    assert announced_list_positions(uncounted.split()) == set()
    assert announced_list_positions("in two ways , we found : cats , dogs , mice and a bird .".split()) == set()
    agrobacterium = ("the transfer of dna has been instrumental in progressing the field of plant biology , enabling "
                     "methods such as t - dna tagging <cit> , agrobacterium - mediated transformation for delivery of "
                     "silencing vectors <cit> , and the introduction of genes into plant genomes <cit> .")
    assert undoes(agrobacterium, " , enabling methods such as t - dna tagging <cit>")
    cotton = ("the data would enable us to characterize gene expression profiles during the cotton – v. dahliae "
              "interaction .")
    assert undoes(cotton, " – v. dahliae interaction")
    dogs = "it was awful with wild dogs – literally wild dogs – roaming the streets ."  # an aside's dashes may go
    assert project_clauses([dogs], ["it was awful with wild dogs roaming the streets ."]) == [
        "it was awful with wild dogs roaming the streets ."]


def test_no_deletion_takes_a_lists_items_before_a_participle_or_leaves_a_relatives_comma():
    """A list's items before a participle's phrase stay (it is no sentence's verb after an apposition); a part after
    a relative pronoun's comma goes only with both of its commas."""
    pplna = ("the binding occurs with a lower affinity than binding to site <dig> of pplna , pplnm and pplne , strongly "
             "suggesting that the higher affinity is an effect of cooperativity .")
    assert undoes(pplna, " , pplnm and pplne")
    patel = "kush patel and his cousins , brothers jay and shivang patel , all jumped into the water ."  # an apposition
    assert not undoes(patel, " , brothers jay and shivang patel")
    gourmet = ("here , we describe gourmet , which , like some of the other tools , determines fractional representation "
               "of go terms .")
    assert undoes(gourmet, " like some of the other tools ,") and undoes(gourmet, " , like some of the other tools")
    assert project_clauses([gourmet], [gourmet.replace(" , like some of the other tools ,", "")]) == [
        "here , we describe gourmet , which determines fractional representation of go terms ."]
    assert deletions._opens_an_ing_phrase("strongly suggesting that".split())
    assert not deletions._opens_an_ing_phrase("all jumped".split()) and not deletions._opens_an_ing_phrase([])
