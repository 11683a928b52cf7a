"""Which of a rewrite's deletions a summary keeps: a rewritten sentence projected onto its source.

Read blind, a sentence rewriter's errors are its deletions: a sentence cut where its point was
("leon osman believes sunday's 2 - 1 win at qpr ."), a deletion that changes who did what, a main
clause dropped so that an apposition stands alone ("dressed in skinny jeans ..., danica weeks .").
A reader loses nothing when a summary drops a sentence's side parts (an apposition, a parenthesis,
a clause set off by commas, an opening phrase), and much when it cuts into a clause. So a rewrite is
taken as a proposal of deletions, and only those that remove whole side parts are kept.

Let the source sentence be the words s_1..s_n and the rewrite r. The words of s that r keeps are
the longest matching blocks of the two (difflib's alignment); every maximal run of s that r leaves
out is cut before each separator inside it (, ; --) into pieces, one side part each, judged left
to right. A piece D = s_i..s_j is **clause-bounded** when

    opens(D):  s_{i-1} is a boundary (a separator or a closing bracket), or s_i is one (a separator
               or an opening bracket); at the sentence's start (i = 1) only a dateline may go, a
               piece of at most MAX_DATELINE words closed by a bracket ("london ( cnn )"), and the
               word after it must be a word and no connective ("and", "which"): any other opening
               part may hold the subject or frame the rest;
    closes(D): j = n, or s_{j+1} is a boundary or the final stop, or s_j is a separator or a
               closing bracket (a piece that ends with "(" leaves the parenthesis open);
    D holds its quotation marks in pairs, and is neither a predicate nor an attribution: its first
    word is no auxiliary or modal ("had", "will": in "the officer , a veteran , had used deadly
    force before" the part after the second comma is the sentence's verb), and it holds no verb
    of saying ("officials say", ", police said": without them a claim reads as a fact);
    when D begins with a comma, the commas kept before it are even in number: an odd one opens a
    side part that this comma closes, and what follows it is the main clause again ("the club ,
    based in leeds , paid , police said": ", paid" is no side part);
    when D ends the sentence (j = n), the first clause kept opens with no subordinator ("as",
    "when", "although"): "as jets carry out airstrikes , officials are waging a campaign" keeps
    its main clause;
    D is not the main clause after an opening phrase: when the sentence's first part (up to its
    first comma) opens with a preposition, a subordinator, a sentence adverb or a participle ("with
    the exception of fission yeast myp2 , the class ii myosins all form dimers", "in this study ,
    we screened eight dyes , thereby enabling ...", "using a new primer set , we amplified
    ..."), the part after it holds the main clause and stays; so in a clause after "that"
    ("we propose that like insulin , the peptide acts ...") or a semicolon, and past a second phrase
    ("... ; as a byproduct , given that the counts overlap , we provide a formula ... ;")
    (``main_clause_positions``);
    D reaches into no list: a run of comma-set items, each at most MAX_LIST_ITEM words, closed by a
    part that joins the last item with "and", "or" or "nor" ("four major applications ,
    microarray data manager , microarray data analysis system , spotfinder , and multiexperiment
    viewer"), or of semicolon-set items of any length. An item is set off by commas as a side part
    is, but without it the list says something else: three applications named after "four", six
    counts mapped "respectively" onto five species (``list_positions``); nor does it take an
    enumeration's label ("1 ) by fission ... ; 2 ) by budding": ``enumeration_positions``) or its
    item's first part (``enumerated_item_positions``) or an item of one whose ordinals label it
    ("first , to determine ... ; second , to confirm ... and finally , ...": ``ordinal_positions``), nor an
    example after the first of a list that "including" or "such as" opens ("organisms including mouse ,
    [highlighting ... ,] observation of ...": ``introduced_list_positions``), nor an item after the first
    of a list a colon announces, its items in parallel ("the aim was threefold : to analyze ... , [to test
    ... ,] and to provide ...": ``announced_list_positions``);
    D opens with no coordinator ("and", "but", ...) unless it ends the sentence ("... in the vno ,
    [but as of yet ,] neither protein ..." leaves two clauses with a comma between), and no "but"
    whose "not only" stays ("not only derived from ... , but also from ..."), nor a "but" or "yet" before no clause,
    a contrast that qualifies the claim ("... increased p use efficiency [, but strong growth reduction] .":
    ``CONTRASTING_COORDINATORS``);
    D is not after the relative clause that follows a short subject ("englot however , who is the
    mother of another child , ... , started to feel ...": the predicate is one of the parts after
    it, ``predicate_positions``);
    D opens with no reporting verb and its "that" ("... in red clover [, suggest that these genes are
    paralogues] .": the main verb after a long subject, ``REPORTING_VERBS``) or a present verb only the lexicon
    knows as a verb ("we found that tip <dig> an acetyltransferase [, interacts with salmonella ssef] .": the
    predicate of a subject whose apposition lost its first comma with a number) and holds no first word of
    a pair that a later part closes ("[one is atcc <dig> ... ,] and another one is ...": ``CORRELATIVES``);
    D is no linking adverb or phrase alone ("... were predicted , [therefore ,] two templates were used ..."
    and "... genes [; in contrast ,] exomepeak detected ..." would join two clauses with a bare comma:
    ``LINKING_ADVERBS``, ``LINKING_PHRASES``);
    D opens with a semicolon only if it takes the whole clause the semicolon opens, up to the next semicolon or
    the sentence's end: the parts after it are that clause's ("we examined the expression of bmcatd [; bmcatd is
    induced by ecdysone] , and is expressed in the fat body" leaves "and is expressed" without its subject;
    "... derived from short reads [; attempts to mine it revealed misassemblies] , presumably a consequence of
    the short reads" gives the consequence to another clause);
    D is no condition (its first word is no ``CONDITIONS`` word: "if", "unless", "only", "whenever": "should we
    expect e. coli to downregulate the pathway , if the pathway were blocked ?" asks another
    question without it; nor does it open with "in the case of", "in the presence of" and the like,
    ``CONDITION_PHRASES``; nor a relative clause that sets a threshold before a number, "the interacting protein
    pairs [, whose similarity is greater than <dig> ,] have ...": ``THRESHOLDS``), adds nothing to the noun
    before it that the claim is about ("the svm method , [together with sequence features carefully chosen ,]
    predicts ...": ``ACCOMPANIMENTS``), holds no
    verb after its examples ("receptors [, including par <dig> promote ampk activity ...]": the
    sentence's verb, whose comma the data set lost), and no "respectively" follows it (the lists it
    pairs keep every item: "predictions by radar and console , respectively" pairs nothing without
    the names);
    D takes no list of modifiers after its first ("integrating phylogenetic [, computational and structural
    approaches to the genes] ," leaves "phylogenetic" without its noun: ``_continues_a_list_of_modifiers``), nor
    a name's part after a dash ("gmnrp [– a] , gmnrp – b": ``range_positions``);
    D is not followed by a part that names the noun before it, an apposition or a relative clause
    ("the main species of the gut , with rare isolation of b and c , the species linked to
    infections": without the middle part the gut's species would be the one linked to infections).
    D leaves no contrast half said: a part that opens with "while" or "whereas" (``CONTRASTS``) and holds no
    predicate is the contrast's subject, whose verb comes after it; a part before a contrast may be what the
    contrast answers; the last part of a sentence whose last clause holds a contrast says what is contrasted; and
    no part takes "respectively" itself. Nor does D take the part after a past form whose object a list of verbs
    shares ("we identified [, annotated and compared transcripts ...] , reconstructed ...":
    ``_continues_a_list_of_verbs``), or the last item of a list its writers left without a coordinator ("a. amecae
    , a. lacustris [, a. tincella]": ``_is_an_item_in_parallel``), or a compound's second half after the dash that
    joins it to its prefix ("adjacent non [– malignant renal cells]": ``COMPOUND_PREFIXES``), or a clause whose
    verb the part after it goes on with ("[, its depletion leads to a defect ...] , and ultimately to the formation
    of round cells"). Nor does D start at the dash of a compound modifier ("the free radical [– scavenging effect of
    ...]": ``_joins_a_compound``), take a list's first item whose last ones would be left after the noun before it
    ("in humans [, a condition of impaired muscle relaxation] , stiffness and cramps , caused by ...":
    ``_closes_a_short_list``) or one word between two commas ("european [, asian] , african ancestry":
    ``_is_a_one_word_item``) or the next phrase of a list that one preposition opens ("grown in iron - depleted lb [, in
    human urine and serum ,]": ``_repeats_the_last_phrases_preposition``) or a bare noun phrase before a list's last
    two items (``_is_a_bare_item_before_the_last``), a limit on the claim ("[, below this level ,]": ``LIMITS``) or the
    kind it holds for ("a pts- <dig> sequence [, in the <dig> -residues isoform]": ``VARIANT_NOUNS``), a colon whose
    announced words go on past the part's comma ("to mycelia [, which can be concluded as follows : as soon as
    a spore is exposed ... ,] it changes ..."), what a noun or a verb before it depends or acts on ("the dependence of
    protein translocation ... [, on the presence of a phenylalanine ...]": ``_TAKES_ON_STEMS``), the thing a
    pairing verb takes after "with" ("combines a ... [, with the common lines method ...]":
    ``_pairs_with_what_follows``), the clause of a linking adverb at the sentence's end ("... , however [, coverage was
    incomplete]"), or the verb of a subject whose relative clause is all that is kept before it ("isolate x which
    exhibited the highest load [, generated a coverage depth ...]"), or a part that holds the sentence's verb when no
    predicate is kept before it ("rather [, the proliferative response was more persistent] , presumably ...":
    ``_holds_the_main_verb``). Nor does D take one of two parts that describe their nouns alike ("macrophages [,
    infected ... with wild - type l. mexicana ,] showed ... but ... in cells infected with alt - transgenic parasites":
    ``_describes_like_a_later_part``), the other sides of a "between" ("between the melanoma patients [, people with
    vitiligo and healthy control subjects]": ``_leaves_between_one_side``), or an assumption (``CONDITIONS``).

Clause-bounded deletions are kept, every other one is undone (its words put back), words that r
adds are never taken. The summary sentence is then s without the kept deletions, its punctuation
tidied (no doubled or opening commas, no bracket left without its partner): always a subsequence of
s, so it holds no name, number or negation the sentence does not, and joins no two clauses mid-way.
A rewrite whose every deletion is undone gives the sentence as it stands.

The rule gives the positions of s's tokens that stay (``clause_positions``), not new text, so the
way back (``rewriting.rewritten``) takes the kept words from the document itself: for a paper read
with its numbers masked, each kept ``<dig>`` is the very number of the article at that place, and
the summary sentence is written as the extractive model's sentences are, minus the side parts.

The table ``DELETION_RULES`` names the rules a decoding preset can ask for: ``any`` (the
rewriter's output as it is) and ``clauses`` (this projection).
"""
from typing import Callable, Collection, Dict, List, Optional, Sequence, Tuple
import bisect
import difflib
import itertools
import re

from .extraction import COUNT_WORDS, DETERMINERS, comma_parts, opening_of, opens_with_one_of, word_classes
from .masking import NUMBER
from .normalize import OPENING_SUBORDINATORS, SPELLED_COUNTS, SUBJECT_PRONOUNS
from .predicates import (ARTICLES, COMPARING_OPENINGS, OBJECT_OPENINGS, ORDINALS, has_predicate, is_a_past_verb,
                         is_only_a_noun, is_only_a_verb)

# tokens that set off a side part of a sentence (normal form: PTB-like tokens, lowercase); a lone
# "-" is not one: the normal form splits hyphenated words and scores ("2 - 1") around it
# (a colon is none: "the target : cuts expected in 2016" loses its frame without what precedes it)
SEPARATORS = frozenset({",", ";", "--", "—", "–", "..."})
OPENING_BRACKETS = {"(": ")", "[": "]"}
CLOSING_BRACKETS = frozenset(OPENING_BRACKETS.values())
OPENING_OF = {close: open_ for open_, close in OPENING_BRACKETS.items()}
# what a side part may follow, or end with
CLOSERS = SEPARATORS | CLOSING_BRACKETS
BOUNDARIES = SEPARATORS | set(OPENING_BRACKETS) | CLOSING_BRACKETS
QUOTE = '"'
FINAL_STOPS = frozenset({".", "!", "?"})
# words that tie what follows them to a clause before: a sentence cannot open with one once that
# clause is gone ("and police are investigating", "which led to ...")
CONNECTIVES = frozenset({
    "and", "but", "or", "nor", "so", "yet", "which", "who", "whom", "whose", "that", "while", "whereas",
    "although", "though", "because", "since", "as", "when", "where", "after", "before", "until", "unless",
    "if", "than", "then", "also", "however", "therefore", "thus", "to",
})
# words that begin a predicate: a part that starts with one is the sentence's verb, not a side part
PREDICATE_STARTERS = frozenset({
    "is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "having", "will", "would",
    "can", "could", "may", "might", "shall", "should", "must", "do", "does", "did", "'s", "'re", "'ve", "'d", "'ll",
    "wo", "ca",  # the normal form's "wo n't", "ca n't"
})
# words that say whose claim a statement is: a part holding one never goes ("officials say", ", police
# said"), or a claim would read as a fact
ATTRIBUTION = frozenset({
    "said", "says", "say", "saying", "told", "tells", "tell", "added", "adds", "according", "asked", "asks", "claimed",
    "claims", "alleged", "allegedly", "reported", "reportedly", "believes", "believed", "suggests", "suggested",
    "wrote", "writes", "explained", "explains", "stated", "states", "argued", "argues", "insisted", "insists",
})
# words that open a condition on the claim ("... at high growth rates , if its pathway were blocked"), or an assumption
# ("when optimized independently , assuming replete nutrients for each cell type , both cells grow ..."): such a part is
# no side part, the claim without it holds where the sentence did not say it does
CONDITIONS = frozenset({"if", "unless", "whether", "provided", "providing", "except", "only", "whenever",
                        "assuming", "suppose", "supposing"})
# ... and the phrases that open one ("the key to its precision [, in the case of mrna/dna spliced alignment ,] is in
# the use of ...", read blind as the claim made more general than the paper's)
CONDITION_PHRASES = frozenset({("in", "the", "case", "of"), ("in", "case", "of"), ("in", "cases", "of"),
                               ("in", "the", "event", "of"), ("in", "the", "presence", "of"),
                               ("in", "the", "absence", "of")})
# ... and the prepositions that set a limit before a determiner ("below this level", "above the threshold")
LIMITS = frozenset({"below", "above", "beyond"})
# ... and the nouns that name one kind of a thing among others ("in the 324-residues isoform", "in the mutant
# strain"): a part that ends on one after "in" or "for" says which kind the claim holds for
VARIANT_NOUNS = frozenset({"isoform", "isoforms", "variant", "variants", "strain", "strains", "mutant", "mutants",
                           "allele", "alleles", "subtype", "subtypes", "genotype", "genotypes", "cultivar",
                           "cultivars", "serotype", "serotypes", "ecotype", "ecotypes"})
MAX_VARIANT_PHRASE = 6  # "in the 324-residues isoform": a short phrase, not a clause that ends on such a noun
# the copulas and auxiliaries whose complement follows them ("because the heart rate was , on average , slightly
# higher ...")
COMPLEMENT_TAKERS = frozenset({"is", "are", "was", "were", "be", "been", "being", "has", "have", "had"})
# what opens the reference a measure is taken against ("δ13c in ants , relative to the resource base , ...")
REFERENCE_OF_A_MEASURE = ("relative", "to")
# the comparisons that set a threshold on a quantity ("whose similarity is greater than <dig>"): a relative
# clause that holds one before a number restricts the noun before it, commas or not ("the interacting protein pairs
# [, whose similarity is greater than <dig> ,] have ...": without it the claim holds for every pair)
THRESHOLDS = tuple(tuple(phrase.split()) for phrase in (
    "greater than", "more than", "less than", "fewer than", "higher than", "lower than", "larger than",
    "smaller than", "at least", "at most", "above", "below", "exceeding", "exceeds", "exceed", "over", "under",
    ">", "<", ">=", "<=", "\u2265", "\u2264"))
# adverbs that may stand between a coordinator and its predicate ("... , and jointly were assigned ...")
_ADVERBS_BEFORE_A_PREDICATE = frozenset({"also", "then", "jointly", "thus", "therefore", "later", "further", "not"})
# the word that pairs two lists item by item: a deletion before it takes an item of one of them
RESPECTIVELY = "respectively"
# words that make the clause they open subordinate: kept alone, such a clause is no sentence
SUBORDINATORS = frozenset({
    "as", "when", "while", "whereas", "although", "though", "because", "since", "if", "unless", "until", "after",
    "before", "once", "whether", "considering", "despite", "suppose", "supposing",
})
# ... of which those that open only a clause, never a phrase ("as a result", "despite the ...", "since the start"), and
# the relative "where" ("... measurements , where the adsorption history of the molecule ,")
CLAUSE_SUBORDINATORS = frozenset({"although", "though", "whereas", "because", "while", "when", "if", "unless",
                                  "whether", "where"})
# what opens a clause's subject: a number, a determiner, a pronoun
CLAUSE_SUBJECT_STARTS = DETERMINERS | {NUMBER, "we", "it", "they", "there"}
# an ellipsis as the normal form writes it: spaced stops, or a mark of its own
ELLIPSIS = (".", ".", ".")
ELLIPSIS_MARKS = frozenset({"...", "\u2026"})
# words that open a phrase before the main clause ("with the exception of ...", "in this study ,
# we ...", "however , ..."): prepositions and sentence adverbs beside the subordinators; a word
# ending in "-ly" opens one too ("interestingly , ...")
OPENING_PHRASE_STARTS = SUBORDINATORS | frozenset({
    "in", "with", "for", "to", "by", "on", "at", "from", "of", "during", "unlike", "like", "among",
    "amongst", "under", "over", "through", "throughout", "within", "without", "upon", "following", "given", "using",
    "based", "compared", "regarding", "besides", "beyond", "across", "against", "along", "around", "between", "into",
    "toward", "towards", "via", "instead", "apart", "prior", "due", "except", "here", "there", "however", "therefore",
    "thus", "hence", "moreover", "furthermore", "also", "first", "second", "third", "next", "then", "overall",
    "together", "indeed", "nevertheless", "nonetheless", "meanwhile", "still", "yet", "so", "but", "and", "or",
    "today", "yesterday", "now", "later", "earlier", "last", "this", "that",
    # sentence adverbs without "-ly" ("henceforth , we identify clusters ... , given that ...")
    "henceforth", "hereafter", "thereafter", "afterwards", "afterward", "likewise", "otherwise", "thereby", "again",
    "further", "altogether",
    # "out of": "... revealed that out of the <dig> transcripts on the slide , a small number of genes were ..."
    "out",
    # a comparison before the main clause ("we find that similar to the increase in ... , we see an increase ...")
    "similar", "consistent", "contrary", "according", "relative", "analogous",
})
# words that open the clause a verb of thinking or saying takes ("we propose that like insulin ,
# the peptide acts ..."): an opening phrase may follow them as it may open a sentence
COMPLEMENTIZERS = frozenset({"that", "whether"})
# the words that say an apposition names the noun before it again ("... secondary structure , that is , <dig> %
# weighting ..."): a side part of their own, but what follows needs them
APPOSITION_MARKERS = frozenset({("that", "is"), ("i.e.",), ("ie",), ("namely",), ("e.g.",), ("eg",), ("viz.",),
                                ("in", "other", "words")})
# words that open a part which names the noun just before it: an apposition ("the main species of
# the gut , with rare isolation of strains b and c , the species linked to infections"), a relative
# clause (", which ..."). A deletion just before such a part would hand it to another noun.
RELATIVE_PRONOUNS = frozenset({"which", "who", "whom", "whose", "where"})
# ... and the words that open a relative clause, "that" with them
RELATIVE_OPENERS = RELATIVE_PRONOUNS | {"that"}
# ... of which those that never stand for a name ("who": the world health organization's "( who )") and that no
# subordinator list holds already ("where")
_OBJECT_RELATIVES = RELATIVE_PRONOUNS - {"who", "where"}
REFERRING_STARTS = RELATIVE_PRONOUNS | ARTICLES
# ... and the words that open a clause inside a part: a verb after one is that clause's, not the sentence's
CLAUSE_OPENERS = RELATIVE_OPENERS | frozenset({"when", "while", "if", "because", "as"})
# an item's number or letter in an enumeration ("1 ) by fission , as in yeast ; 2 ) by budding");
# the normal form writes a masked number as <dig>
ENUMERATOR = re.compile(r"^(?:\d{1,2}|" + re.escape(NUMBER) + r"|[ivx]{1,4}|[a-h])$")
# words that join the last item of a list to the others
COORDINATORS = frozenset({"and", "or", "nor"})
# what closes a list besides a coordinator: "a , b , c , etc." ("based on a measure , on module membership , on
# network properties , etc.": without an item between, two are left side by side)
LIST_CLOSERS = COORDINATORS | {"etc."}
# the hyphen that joins a compound's words in the normal form ("variable - number tandem - repeat analysis"): no
# word of a list's item of its own
HYPHEN = "-"
# a part that holds the first word of a pair which a later part closes ("some of them specific to
# the field , others are more general"; "both cars , button in one , magnussen in the other"):
# without it the later part pairs with nothing; "... have been sequenced , [one is atcc <dig> ... ,] and
# another one is rp62a")
CORRELATIVES = {"some": ("others",), "one": ("other", "another")}
# the pronouns that only an object is: after a past form ("allowed us", "led them") they make it a finite verb
OBJECT_PRONOUNS = frozenset({"us", "them", "him", "me"})
# a verb that reports what a finding shows, with its "that": a part that opens with one is the
# sentence's predicate after a long subject ("similarities in gene structure , combined with differences
# in ... expression , [suggest that these genes are paralogues] ."), never a side part
REPORTING_VERBS = frozenset({"suggest", "suggests", "suggested", "indicate", "indicates", "indicated", "show", "shows",
                             "showed", "demonstrate", "demonstrates", "demonstrated", "reveal", "reveals", "revealed",
                             "imply", "implies", "implied", "confirm", "confirms", "confirmed", "support", "supports"})
# the words that add to the noun before them what the claim is about ("the svm machine learning method ,
# [together with sequence features carefully chosen ,] predicts ...": without the part the method alone would;
# "vsmc growth and migration , [as well as ecm deposition in vsmcs were attenuated by ctgf inhibition ,] which
# suggested ...": the verb, after a comma the paper left out, goes with it; "... using the decoy sets from the decoys
# 'r' us database [, in addition to the moulder and the rosetta decoy sets] .": read blind as unsupported without it)
ACCOMPANIMENTS = frozenset({("together", "with"), ("along", "with"), ("combined", "with"), ("coupled", "with"),
                            ("in", "combination", "with"), ("in", "conjunction", "with"), ("as", "well", "as"),
                            ("in", "addition", "to")})
# the second word of a pair that a kept first word asks for: "not only ... , but also ..." (without its
# second half the first states less than the sentence did, and "not only" dangles)
SECOND_HALVES = {"but": ("not", "only")}
# words that join two clauses: a part that opens with one inside the sentence leaves a comma splice
# when it goes ("rtp <dig> mrnas are expressed in the vno , [but as of yet ,] neither protein has been
# reported ..."); at the sentence's end it takes its clause with it and may go
CLAUSE_COORDINATORS = COORDINATORS | {"but", "yet", "so"}
# ... of which those that set a contrast against what the sentence said before them
CONTRASTING_COORDINATORS = frozenset({"but", "yet"})
# adverbs that link a clause to the one before: alone between two commas ("... were predicted , therefore ,
# two templates were used ...") one stays, or the comma left would join the two clauses
LINKING_ADVERBS = frozenset({"therefore", "thus", "hence", "however", "consequently", "accordingly", "nevertheless",
                             "nonetheless", "moreover", "furthermore"})
# ... and phrases that do the same ("... on <dig> genes [; in contrast ,] exomepeak detected ...")
LINKING_PHRASES = frozenset({("in", "contrast"), ("by", "contrast"), ("in", "addition"), ("in", "turn"),
                             ("on", "the", "other", "hand"), ("as", "a", "result"), ("as", "a", "consequence")})
# words that lead into what follows them ("... methods , and in particular , secondary structure
# methods , are used"): a part right after one is what it introduces, and without it the words dangle
INTRODUCERS = frozenset({"particular", "particularly", "especially", "notably", "namely", "specifically", "including",
                         "e.g.", "i.e.", "mainly", "mostly", "chiefly", "primarily"})
# a comma-set part of at most this many words may be an item of a list ("enterococcus gallinarum",
# "microarray data analysis system"); a longer one is a clause
MAX_LIST_ITEM = 6
# the words of an item of a list the writers left without its coordinator ("a. amecae , a. lacustris , a. tincella")
MAX_UNCLOSED_ITEM = 4
# the words that open a contrast ("x rose , whereas y fell"): what it contrasts stays with it
CONTRASTS = frozenset({"while", "whereas"})
# the prefixes a dash joins to a word in the normal form ("non – malignant", "anti – inflammatory"): that dash sets
# off no part
COMPOUND_PREFIXES = frozenset({"non", "anti", "pre", "post", "semi", "co", "multi", "self", "inter", "intra", "sub",
                               "super", "pro", "bi", "tri", "mono", "poly", "pseudo", "cross", "re", "de", "un"})
# ... unless it opens with the word that opens the list's last item: items said in parallel ("gene
# models with est support , gene models with protein homology only , and gene models predicted ab
# initio") may each be a clause long
MAX_PARALLEL_ITEM = 16
# at most this many pieces may go from a sentence's start, and only a part closed by a bracket: a dateline
# such as "london ( cnn )". Any other opening part may hold the subject ("the first hour of the
# finale , aptly titled ...") or frame the rest ("for its final episode , the show focused on ...").
MAX_DATELINE = 8
# a label before a colon at a sentence's start ("remarks :") has at most this many words
MAX_LABEL_WORDS = 3
# a deletion may not leave the same words, up to this many, on both sides of its gap
MAX_REPEATED_WORDS = 3


def deletion_spans(source: Sequence[str], rewrite: Sequence[str]) -> List[Tuple[int, int]]:
    """The runs [start, end) of ``source`` tokens that ``rewrite`` leaves out, by difflib's longest
    matching blocks (autojunk off: a frequent token such as "the" is matched like any other)."""
    matcher = difflib.SequenceMatcher(None, list(source), list(rewrite), autojunk=False)
    spans, kept_until = [], 0
    for block in matcher.get_matching_blocks():  # the last block is (len(source), len(rewrite), 0)
        if block.a > kept_until:
            spans.append((kept_until, block.a))
        kept_until = block.a + block.size
    return spans


def list_positions(source: Sequence[str]) -> set:
    """The positions of ``source`` inside its lists, which no deletion may reach: from a list's
    second item to the end of the part that holds its last ("a , b , c and d": "b , c and d").
    A list is a run of three or more comma-separated parts: the first ends with the first item;
    each middle one is an item, at most MAX_LIST_ITEM words with no other boundary (a compound's
    hyphens are no words); the last holds a coordinator or "etc." (``LIST_CLOSERS``) within its
    first MAX_LIST_ITEM words; no part but the first
    opens with a predicate ("the man , 45 , was arrested and charged": "was" opens the sentence's
    verb, not an item). A middle part of up to MAX_PARALLEL_ITEM words is an item too when it opens
    with the word that follows the last part's coordinator: a list of long items said in parallel
    ("... , gene models with protein homology only , and gene models predicted ab initio"), or with "to"
    and a verb where that word is a verb ("by comparing distance matrices , to compare these with ... ,
    and analyze them for ...": ``_opens_in_parallel``). Two
    parts ("he was arrested , and police are investigating"; ", shooting and killing a man") are
    clauses as often as a list's "a , b and c", and are left to the rule's other tests, unless the
    second opens with the two words that follow a coordinator within its first MAX_PARALLEL_ITEM words:
    items said in parallel ("we selected three strains that were highly susceptible , three strains
    that were intermediate susceptible and three strains that were resistant": without the second part
    the selection holds one kind of strain). A list of long items is set off by semicolons ("growth
    genes and repair genes ; receptor genes of the surface ; and genes of cell death"): three or more
    semicolon-separated parts, the last opening with a coordinator, items of any length."""
    return (_list_positions(source, ",", MAX_LIST_ITEM, closed_within=MAX_LIST_ITEM + 1,
                            max_parallel_item=MAX_PARALLEL_ITEM)
            | _list_positions(source, ";", None, closed_within=1))


def _list_positions(source: Sequence[str], separator: str, max_item: Optional[int], closed_within: int,
                    max_parallel_item: int = 0) -> set:
    """``list_positions`` for the lists set off by ``separator``: items of at most ``max_item``
    words (None: any), or of at most ``max_parallel_item`` words when they open with the word after
    the last part's coordinator, the last part holding a coordinator within its first ``closed_within``."""
    cuts = [i for i, token in enumerate(source) if token == separator]
    # the parts between separators: [start, end) of each, the first from the sentence's start
    edges = [-1, *cuts, len(source)]
    parts = [(left + 1, right) for left, right in zip(edges[:-1], edges[1:])]

    def words(part):
        return [token for token in source[part[0]:part[1]] if token not in FINAL_STOPS and token != HYPHEN]

    def is_item(part, last_opening: Optional[str]):
        inside = words(part)
        if not inside or inside[0] in PREDICATE_STARTERS:
            return False
        if max_item is None:
            return True
        if BOUNDARIES.intersection(inside):
            return False
        return len(inside) <= max_item or (_opens_in_parallel(inside, last_opening) and len(inside) <= max_parallel_item)

    def coordinator_at(part) -> Optional[int]:
        """Where the part's coordinator is when the part closes a list (within its first
        ``closed_within`` words, the part opening with no predicate), else None."""
        inside = words(part)
        if not inside or inside[0] in PREDICATE_STARTERS:
            return None
        return next((i for i, word in enumerate(inside[:closed_within]) if word in LIST_CLOSERS), None)

    def parallel_at(part) -> Optional[int]:
        """Where the part's coordinator is when the two words after it open the part ("three strains
        that were intermediate ... and three strains that were resistant"), within its first
        ``max_parallel_item`` words."""
        inside = words(part)
        return next((i for i, word in enumerate(inside[:max_parallel_item]) if word in COORDINATORS and i > 1
                     and inside[i + 1:i + 3] == inside[:2]), None)

    def echo_at(last: int) -> Optional[int]:
        """Where the closing part's coordinator is when the part and the item after its coordinator open with the
        word that opens the list's first item, one of the two words before the part ("wt mice gained less weight , |
        less fat mass and less lean mass than wt control mice"): a list of two parts whose items are said alike; not a
        determiner's ("the cells , the first and the second ...": an apposition's as often). 8 spans of valid papers
        0-499 more, lists of species, of a medium's contents ("... <dig> g l- <dig> sucrose , <dig> mg l- <dig> myo -
        inositol , ...") and of times."""
        inside, previous = words(parts[last]), words(parts[last - 1])
        if (max_item is None or not inside or inside[0] in DETERMINERS | SUBJECT_PRONOUNS
                or inside[0] not in previous[-3:-1]):
            return None  # (", i wanted to play ... and i had to ...": two clauses)
        return next((i for i, word in enumerate(inside[:max_parallel_item]) if word in COORDINATORS and i > 0
                     and inside[i + 1:i + 2] == inside[:1]), None)

    def pairs_items(last: int, at: int) -> bool:
        """Whether the closing part is itself an item, its coordinator and the last item ("... fellow artists
        pharrell , | kendrick lamar and kanye west .", "acoi <dig> pr , | po and wa strains , a purine ..."): a
        short part with no predicate whose coordinator follows a word, at the sentence's end or before a part
        that is no predicate (or opens with a connective or a preposition: "bioreactors with temperature , | ph and
        po <dig> control , in an effort to develop ..."): before the sentence's verb it names the noun before
        it ("kush patel and his cousins , brothers jay and shivang patel , all jumped into the water ...")."""
        closing = words(parts[last])
        if not (0 < at and max_item is not None and len(closing) <= max_item and closing[0] not in OPENING_PHRASE_STARTS
                and not has_predicate(" ".join(closing))):
            return False  # (a phrase, "annual costs , between tuition and living , that ...", is a side part)
        following = words(parts[last + 1]) if last + 1 < len(parts) else []
        return (not following or following[0] in CONNECTIVES or following[0] in PARTICIPLES_PREPOSITIONS
                or not has_predicate(" ".join(following)) or _opens_an_ing_phrase(following))

    inside_lists = set()
    for last in range(1, len(parts)):
        at = coordinator_at(parts[last])
        if at is None:
            at = parallel_at(parts[last])
        echoed = echo_at(last)
        if at is None:
            at = echoed
        if at is None:
            continue
        closing = words(parts[last])
        opening = closing[at + 1] if at + 1 < len(closing) else None  # what a parallel item opens with
        first = last  # the list's second part: the earliest item after its first part
        while first > 1 and is_item(parts[first - 1], opening):
            first -= 1
        if first < last or echoed is not None or parallel_at(parts[last]) is not None or pairs_items(last, at):
            inside_lists.update(range(parts[first][0], parts[last][1]))
    return inside_lists


def _is_an_ing_form(word: str) -> bool:
    """A participle or a gerund in "-ing", longer than "-ing" words such as "king" or "sing"."""
    return word.endswith("ing") and len(word) > 4


def _opens_an_ing_phrase(words: Sequence[str]) -> bool:
    """Whether ``words`` open with an "-ing" form, after an adverb or not: a participle's phrase after a list's last
    item ("... than binding to site <dig> of pplna , | pplnm and pplne , strongly suggesting that ..."), no sentence's
    verb after an apposition."""
    first = words[1:2] if words[:1] and words[0].endswith("ly") else words[:1]
    return any(_is_an_ing_form(word) for word in first)


def _opens_in_parallel(item: Sequence[str], last_opening: Optional[str]) -> bool:
    """Whether a list's middle part opens as the last item does after its coordinator: with the same word or a count
    where that is a count, or with "to" and a verb where the last item's is a verb that the "to" governs too ("... by
    comparing distance matrices , to compare these with that of a guide tree , and analyze their phylogenetic signal").
    Counts opening alike keep 46 spans of valid papers 0-499 and the Cohan form more: lists of quantities ("9 %
    vegetables , 8 % milk , 8 % crustaceans , ...") and of clauses that count ("<dig> gis contain ... , eight gis have
    ... , <dig> gis contain ...")."""
    if last_opening is None or not item:
        return False
    if _is_a_count(item[0]) and _is_a_count(last_opening):
        return True  # "... : <dig> genes have ... , eight genes are linked to ... , and <dig> genes are ..."
    return item[0] == last_opening or item[0] == "to" and len(item) > 1 and is_only_a_verb(last_opening)


def _is_a_count(word: str) -> bool:
    """A number, or one spelled out ("eight", "one"): items that open with counts open alike whichever way each is
    written ("... : six nrpss , <dig> pkss , five polyketide synthase - nonribosomal peptide synthase hybrids , ... ,
    and one chalcone/stilbene synthase gene .")."""
    return _is_number(word) or word in SPELLED_COUNTS or word == "one"


def enumeration_positions(source: Sequence[str]) -> set:
    """The positions of an enumeration's numbers and letters with their brackets ("1 ) by fission ,
    as in yeast ; 2 ) by budding"), when the sentence holds two or more: a deletion that takes one
    takes an item's label and runs two items together."""
    labels = [i for i in range(len(source) - 1) if source[i + 1] == ")" and ENUMERATOR.match(source[i])]
    if len(labels) < 2:
        return set()
    return {j for i in labels for j in (i - 1, i, i + 1) if j >= 0 and (j != i - 1 or source[j] == "(")}


def enumerated_item_positions(source: Sequence[str]) -> set:
    """The positions of each enumerated item's first part, from the word after its label to the next comma,
    semicolon or label, when two or more labels set the items off (``enumeration_positions``): a deletion
    that takes it leaves a label with no item ("... , and iv ) [the previous datasets from the koegl group] ,
    to obtain the complete dataset ..."). The item's later side parts may still go ("1 ) by fission [, as in
    yeast] ;"), unless the item, up to the next semicolon or label, holds no predicate and its later parts
    open no phrase: then they are its names ("2 ) cell communication [, immune system and membrane
    receptors] ; 3 ) ...")."""
    labels = sorted(i for i in enumeration_positions(source) if source[i] == ")")
    kept = set()
    for label in labels:
        item_end = next((i for i in range(label + 1, len(source)) if source[i] == ";" or i + 1 in labels
                         or source[i] in FINAL_STOPS and i == len(source) - 1), len(source))
        item = source[label + 1:item_end]
        later_parts = [item[k + 1] for k in range(len(item) - 1) if item[k] == ","]
        if later_parts and not has_predicate(" ".join(item)) and not any(
                _opens_phrase(word) or word in CONNECTIVES for word in later_parts):
            kept.update(range(label + 1, item_end))
            continue
        i = label + 1
        while i < len(source) and source[i] not in (",", ";") and i + 1 not in labels:
            kept.add(i)
            i += 1
    return kept


def ordinal_positions(source: Sequence[str]) -> set:
    """The positions from an enumeration's first ordinal label to the sentence's end, when two or
    more label its items ("our aims were , first , to determine ... ; second , to confirm ... and
    finally , to compare ...", "two types of error : first , that ... ; second , that ..."): items
    of any length, so no list test sees them; without one the aims are fewer and the labels count
    wrong."""
    labels = [i for i in range(len(source) - 1) if source[i] in ORDINALS and source[i + 1] == ","
              and (i == 0 or source[i - 1] in BOUNDARIES or source[i - 1] in COORDINATORS or source[i - 1] == ":")]
    return set(range(labels[0], len(source))) if len(labels) >= 2 else set()


# the marks that open a bulleted list's items ("the criteria : • age at calving ... ; • parity ...")
BULLETS = frozenset({"•", "◦", "▪", "‣", "·"})


def bullet_positions(source: Sequence[str]) -> set:
    """The positions of a bulleted list, from its first bullet to the sentence's end, when two or
    more bullets set off its items: like a list's items (``list_positions``), none may go, or the
    list says something else (the criteria of a study without some of them)."""
    bullets = [i for i, token in enumerate(source) if token in BULLETS]
    return set(range(bullets[0], len(source))) if len(bullets) >= 2 else set()


# the words that open a list of examples ("... to various organisms including mouse , rat and fly"); "such as" too
LIST_INTRODUCERS = frozenset({"including", "namely", "e.g.", "i.e."})


def _opens_examples(words: Sequence[str]) -> bool:
    """Whether words open with a list's introducer (``LIST_INTRODUCERS``, "such as")."""
    return bool(words) and (words[0] in LIST_INTRODUCERS or list(words[:2]) == ["such", "as"])


def _opens_an_item(rest: Sequence[str]) -> bool:
    """Whether ``rest`` opens with a list's item: a part of at most ``MAX_LIST_ITEM`` words with no predicate before
    the next boundary ("palmitic acid , stearic acid ...", not "were expressed in all samples")."""
    part = list(itertools.takewhile(lambda w: w not in BOUNDARIES and w not in FINAL_STOPS, rest))
    return 0 < len(part) <= MAX_LIST_ITEM and not has_predicate(" ".join(part))


def introduced_list_positions(source: Sequence[str]) -> set:
    """The positions after a list introducer's first item (``LIST_INTRODUCERS``, "such as") up to the next
    semicolon or colon or the sentence's end: its later items, which no deletion may take ("rna - seq has been
    applied to various organisms including mouse , [highlighting accurate detection of gene expression ,]
    observation of complex alternative splicing patterns and ..." left "mouse , observation of ..." for
    a list). Without a part of speech the list's end cannot be told from a clause after it, so the rest of
    the sentence stays; the introducer's own part may still go as a whole (", including mouse ,"), unless "and" or
    "or" opens the part after it, which closes the list."""
    starts = [i for i in range(len(source)) if _opens_examples(source[i:i + 2])]
    if not starts:
        return set()
    first_comma = next((i for i in range(starts[0] + 1, len(source)) if source[i] == ","), None)
    if first_comma is None:
        return set()
    end = next((i for i in range(first_comma, len(source)) if source[i] in (";", ":")), len(source))
    # a list closed right after its first part ("... cells , including mir- <dig> mir- <dig> , and five members of
    # the family"): its opening part goes with it or the last item joins the main clause
    closes_at_once = first_comma + 1 < len(source) and source[first_comma + 1] in COORDINATORS
    return set(range(starts[0] if closes_at_once else first_comma + 1, end))


def announced_list_positions(source: Sequence[str]) -> set:
    """The positions after the first item of a list that a colon announces, its items said in parallel, up to
    the end of its last: every item after the first opens with the word that opens the first, the last after a
    coordinator ("the aim of this study was threefold : to analyze ... lineages , [to test ... divergence ,] and
    to provide ..."), or three or more items up to the sentence's end without a coordinator (an enumeration the
    writers did not close); where the clause before the colon counts its items, every item after the first
    (``_counted_items_after``). Items of any length: aims and steps are clauses, too long for ``list_positions``."""
    if ":" not in source:
        return set()
    colon = source.index(":")
    return (_counted_items_after(source, colon, ";", source[:colon]) or _parallel_items_after(source, colon)
            or _counted_items_after(source, colon, ",", _clause_before(source, colon)))


def _parallel_items_after(source: Sequence[str], colon: int) -> set:
    """The positions of the items after the first of a list in parallel that ``colon`` announces
    (``announced_list_positions``); empty where there is none."""
    opening = source[colon + 1] if colon + 1 < len(source) else None
    cuts = [i for i in range(colon + 1, len(source)) if source[i] in (",", ";")]
    items = []  # the separators before the items after the first
    for cut in cuts:
        after = source[cut + 1:cut + 3]
        if after[:1] == [opening]:
            items.append(cut)
        elif len(after) == 2 and after[0] in COORDINATORS and after[1] == opening:
            items.append(cut)
            end = next((i for i in range(cut + 2, len(source)) if source[i] in SEPARATORS), len(source))
            return set(range(items[0], end))
        elif items:
            return set()  # a part between the items that is none of them: no list in parallel
    # a list the writers did not close, three or more items to the sentence's end, each opening as the first does
    # (": <dig> network construction ; <dig> module detection ; ... ; <dig> interfacing with external software")
    return set(range(items[0], len(source))) if len(items) > 1 else set()


def _counted_items_after(source: Sequence[str], colon: int, separator: str, counted_in: Sequence[str]) -> set:
    """The positions from the first ``separator`` after ``colon`` to the sentence's end where ``counted_in``, the
    words before the colon, counts what it announces (``extraction.COUNT_WORDS``) and two or more separators part its
    items: without its later items the count is wrong. Semicolons after a count anywhere before the colon ("we present
    four novel application areas : metabolic protein specificity ; the relationship between ... [; the diversity of
    bacterial proteomes ; ...]"); commas after a count in the colon's own clause, where the items are not in parallel
    ("... detected on five global expression experiments : supersage of soybean leaves ... [, rna - seq of
    microdissected lesions ... , two different microarrays ... and rna - seq expression data ... ,] available at
    soybase .": read blind as one experiment where five were promised, and the last one's place given to the first).
    Empty otherwise."""
    cuts = [i for i in range(colon + 1, len(source)) if source[i] == separator]
    if len(cuts) < 2 or COUNT_WORDS.isdisjoint(counted_in):
        return set()
    return set(range(cuts[0], len(source)))


def _clause_before(source: Sequence[str], end: int) -> Sequence[str]:
    """The words before ``end`` back to the boundary or the stop before them."""
    start = next((i + 1 for i in range(end - 1, -1, -1) if source[i] in BOUNDARIES or source[i] in FINAL_STOPS), 0)
    return source[start:end]


# the separators that are dashes: beside a number, one joins a name or a range rather than setting off a part
DASHES = frozenset({"--", "—", "–"})
_GENUS_INITIAL = re.compile(r"[a-z]\.")  # a species' genus written short: "v. dahliae" (not a title's "mr.")
_NUMBERED_NAME = re.compile(r"[a-z]+[0-9]+")  # a gene's name before the semicolon of its number ("sultr1 ; <dig>")


def range_positions(source: Sequence[str]) -> set:
    """The positions of a range, two numbers and the separator between them ("rnas of 21 – 22 nt",
    "<dig> -- <dig>"), of a semicolon inside a gene's name ("sultr1 ; <dig>", the normal form's split of "sultr1;3":
    a name of letters and digits, a number after it), of a dash before a name's part, a lone letter or digit ("gmnrp –
    a , gmnrp – b":
    ``_names_a_part``), and of a dash beside a number with the word on its other side (SumPubMed
    removed the brackets of chemical names, leaving "3--7--coumarin", which the normal form reads
    "3 -- 7 -- coumarin"), and of a minus between two symbols ("r = λ – μ": ``_joins_two_symbols``), which the
    separators would otherwise cut: a deletion may neither start
    after the dash nor end before it ("heifers , ... restricted to 22 – 30 months" must not become
    "heifers – 30 months", nor "3--7--coumarin" become "3--7")."""
    def joins(i: int) -> bool:
        before, after = _is_number(source[i - 1]), _is_number(source[i + 1])
        if source[i] == ";" and after and _NUMBERED_NAME.fullmatch(source[i - 1]):
            return True
        return (before and after if source[i] not in DASHES
                else before or after or _names_a_part(source, i) or _joins_two_symbols(source, i))

    return {i + offset for i in range(1, len(source) - 1) if source[i] in SEPARATORS and joins(i) for offset in (-1, 0, 1)}


def _names_a_part(source: Sequence[str], dash: int) -> bool:
    """Whether the dash at ``dash`` joins a name and its part, a lone letter or digit that ends a part of the
    sentence ("the components gmnrp – a , gmnrp – b and vpe"): without it the name is another one's."""
    part = source[dash + 1]
    return (len(part) == 1 and part.isalnum()
            and (dash + 2 >= len(source) or source[dash + 2] in BOUNDARIES or source[dash + 2] in FINAL_STOPS))


def _joins_two_symbols(source: Sequence[str], dash: int) -> bool:
    """Whether the dash at ``dash`` stands between two symbols of one character each, a formula's minus ("net
    diversification rates derived as r = λ – μ <cit> ;"): without its second half the formula says another thing."""
    return all(len(source[k]) == 1 and source[k].isalnum() for k in (dash - 1, dash + 1))


def _is_number(token: str) -> bool:
    return token == NUMBER or token.replace(".", "", 1).replace(",", "").isdigit()


def _opens_phrase(word: str) -> bool:
    """Whether ``word`` opens a phrase before a main clause: a preposition, subordinator or sentence
    adverb (``OPENING_PHRASE_STARTS``), an adverb in "-ly" ("interestingly , ...") or a participle in
    "-ing" ("using a new primer set , we amplified ...")."""
    return word in OPENING_PHRASE_STARTS or word.endswith("ly") or word.endswith("ing")


# a span of time that opens a phrase before the main clause, and the words that tie it to an event ("forty - eight
# hours after doc treatment , ht <dig> cells started ...", "two weeks later , ...")
TIME_UNITS = frozenset({"seconds", "minutes", "min", "hours", "hour", "h", "hrs", "days", "day", "d", "weeks", "week",
                        "months", "month", "years", "year"})
_TIME_TIES = frozenset({"after", "later", "before", "post", "following", "into", "since", "prior"})


def _opens_a_time_phrase(words: Sequence[str]) -> bool:
    """Whether ``words`` open with a span of time and its tie to an event ("<dig> h after infection", "forty - eight
    hours after doc treatment", "two weeks later"): a count, a unit of time (``TIME_UNITS``) and one of
    ``_TIME_TIES``, and no predicate before the first comma ("two days later he was back on the pitch , sporting a
    mask" holds its main clause before it). Kept after it, a deletion of the part that holds the main clause left the
    phrase alone ("forty - eight hours after doc treatment [, ht <dig> cells started displaying annv - staining ...] ,
    but the percentage ...", read blind as a sentence that does not parse)."""
    count = list(itertools.takewhile(lambda word: word in (NUMBER, "-", "one") or word in COUNT_WORDS
                                     or word in SPELLED_COUNTS, words[:4]))
    rest = words[len(count):len(count) + 2]
    if not (count and count[-1] != "-" and len(rest) == 2 and rest[0] in TIME_UNITS and rest[1] in _TIME_TIES):
        return False
    return not has_predicate(" ".join(itertools.takewhile(lambda word: word != ",", words)))


# the prepositions after a past participle that opens a phrase ("combined with ...", "driven by ...", "based on ...")
PARTICIPLES_PREPOSITIONS = frozenset({"with", "by", "on", "in", "to", "from", "into", "at", "for"})


def _opens_a_participles_phrase(words: Sequence[str]) -> bool:
    """Whether ``words`` open with a past participle and its preposition, a phrase before the main clause
    ("combined with literature extraction ... , bioinformatics play ..."); "treated cells grew" opens a subject."""
    return len(words) == 2 and words[0].endswith("ed") and len(words[0]) > 4 and words[1] in PARTICIPLES_PREPOSITIONS


# what opens a second phrase after an opening phrase's comma, before the main clause ("as a byproduct , given that
# the counts overlap , we provide a formula ..."): a subordinator or a participle that leads a phrase
SECOND_PHRASE_STARTS = SUBORDINATORS | frozenset({"given", "using"})


def main_clause_positions(source: Sequence[str]) -> set:
    """The positions of the part after an opening phrase, which holds the main clause: when a
    clause's first part (up to the next comma) opens with an opening phrase (``_opens_phrase``; or a past
    participle and its preposition, ``_opens_a_participles_phrase``), the
    part from that comma to the next separator or bracket (or the sentence's end). A clause opens
    the sentence, or follows a complementizer ("we propose that like insulin , which lowers
    glucose , the peptide acts through its receptor": ``COMPLEMENTIZERS``) or a semicolon (a list's
    item: "... ; as a byproduct , given that the counts overlap , we provide a formula ... ;") or an enumerator
    ("we found that : 1 ) while ... in the limbs , a direct regulation ... is achieved ... ;") or a label's colon
    at the sentence's start ("remarks : based on the new characters identified ... , we erect the new genus
    ..."). A part that opens with a relative pronoun, or a second phrase (``SECOND_PHRASE_STARTS``), is the
    phrase's own side part; the main clause is the first part after it that does not. When that part closes a
    list, with "and" or "or" and no verb, the phrase's comma was the list's ("to investigate ... inside epithelial ,
    endothelial and smooth muscle cells , we first assessed ... , ec and smc at ..."): the parts after it
    stay too, up to the first that holds a verb
    (``predicates.has_predicate``); so when it is a middle item of such a list ("combined with literature
    extraction of existing protein interactions <cit> , genomic information , protein structure and annotation
    information , bioinformatics play ...": ``_closes_a_list_ahead``); a subject set off by commas holds no "and"
    ("on monday , the club , based in leeds , paid ...": the apposition may go). After "if", the part that ", then"
    opens is the main clause, whatever commas the condition holds (``_then_part``)."""
    starts = [0, *(i + 1 for i, token in enumerate(source[:-1])
                   if token in COMPLEMENTIZERS or token == ";" or token == ")" and i and ENUMERATOR.match(source[i - 1])
                   or token == ":" and 0 < i <= MAX_LABEL_WORDS)]
    protected = set()
    for start in starts:
        if not (_opens_phrase(source[start]) or _opens_a_participles_phrase(source[start:start + 2])
                or _opens_a_time_phrase(source[start:])):
            continue
        # the part after the phrase's comma; one that opens with a relative pronoun or a second phrase still
        # belongs to the phrase ("like insulin , which lowers glucose , the peptide ..."): the next one
        part = next((i + 1 for i in range(start + 1, len(source) - 1)
                     if source[i] == "," and source[i + 1] not in RELATIVE_PRONOUNS
                     and source[i + 1] not in SECOND_PHRASE_STARTS), None)
        if source[start] == "if":  # "if ... , then ...": "then" opens the main clause, past a list in the condition
            part = _then_part(source, start) or part
        while part is not None:
            end = _part_end(source, part)
            protected.update(range(part, end))
            words = source[part:end]
            if end >= len(source) - 1 or source[end] != "," or has_predicate(" ".join(words)):
                break
            if COORDINATORS.isdisjoint(words) and not _closes_a_list_ahead(source, end + 1):
                break
            part = end + 1
    return protected


def _repeats_across(source: Sequence[str], start: int, end: int, dropped: Collection[int] = ()) -> bool:
    """Whether deleting ``source[start:end]`` would put the same words on both sides of the gap, up to
    ``MAX_REPEATED_WORDS`` (separators and the positions ``dropped`` aside): "... containing ciclosporin a [, atopica
    ® ... ingredient ,] ciclosporin a ..."."""
    def kept_words(positions):  # the nearest kept words, at most as many as may repeat
        words = (source[i] for i in positions if i not in dropped and source[i] not in SEPARATORS)
        return list(itertools.islice(words, MAX_REPEATED_WORDS))

    before, after = kept_words(range(start - 1, -1, -1)), kept_words(range(end, len(source)))
    return any(before[:n][::-1] == after[:n] and any(ch.isalnum() for word in after[:n] for ch in word)
               for n in range(1, MAX_REPEATED_WORDS + 1) if len(before) >= n and len(after) >= n)


def _then_part(source: Sequence[str], start: int) -> Optional[int]:
    """Where the part that ", then" opens begins after a condition at ``start``, before the next semicolon or
    colon ("if we consider the species l. acidophilus , l. johnsonii , ... to be found in the gut , then we can
    identify ..."), or None."""
    for i in range(start + 1, len(source) - 1):
        if source[i] in (";", ":"):
            return None
        if source[i] == "," and source[i + 1] == "then":
            return i + 1
    return None


def _part_end(source: Sequence[str], start: int) -> int:
    """Where the part that begins at ``start`` ends: at the next separator or bracket (``BOUNDARIES``), or the
    sentence's end."""
    return next((i for i in range(start, len(source)) if source[i] in BOUNDARIES), len(source))


def _closes_a_list_ahead(source: Sequence[str], start: int) -> bool:
    """Whether the comma-set parts from ``start`` reach a part that closes a list, with "and" or "or" and no verb,
    before any part with a verb: the part before ``start`` is then a list's middle item ("combined with literature
    extraction <cit> , [genomic information ,] protein structure and annotation information , bioinformatics play
    ..."), not a subject set off by commas ("the club , based in leeds , paid ...")."""
    while start < len(source):
        end = _part_end(source, start)
        words = source[start:end]
        if has_predicate(" ".join(words)):
            return False
        if not COORDINATORS.isdisjoint(words):
            return True
        if end >= len(source) or source[end] != ",":
            return False
        start = end + 1
    return False


# the most words a sentence's subject has before a relative clause set off by commas ("englot however ,
# who is ...": a short first part is a subject whose predicate comes after the relative clause)
MAX_SUBJECT_WORDS = 4


def predicate_positions(source: Sequence[str]) -> set:
    """The positions after a relative clause that follows a short subject: in "englot however , who
    is also the mother of another child , the couple 's daughter reece , started to feel things
    moving too fast ." the predicate is one of the parts after the relative clause, and without a
    part-of-speech tagger an apposition ("the couple 's daughter reece") cannot be told from it
    ("started to feel ..."), so all of them stay. A subject is the sentence's first part, up to its
    first comma, of at most ``MAX_SUBJECT_WORDS`` words; the relative clause the part after it,
    opening with a relative pronoun."""
    first_comma = next((i for i, token in enumerate(source) if token == ","), None)
    if first_comma is None or not 0 < first_comma <= MAX_SUBJECT_WORDS or first_comma + 1 >= len(source):
        return set()
    if source[first_comma + 1] not in RELATIVE_PRONOUNS:
        return set()
    clause_end = next((i for i in range(first_comma + 2, len(source)) if source[i] in SEPARATORS), None)
    return set() if clause_end is None else set(range(clause_end, len(source)))


def _names_the_noun_before(rest: Sequence[str]) -> bool:
    """Whether ``rest``, what follows a deletion, opens with a part that names the noun before it
    (``REFERRING_STARTS`` after a comma), up to the next separator: an apposition or a relative
    clause, not an attribution (", the chief said" names no noun). The words cannot tell an
    apposition from a clause's subject (", the peptide acts ..."): both stay."""
    if len(rest) < 2 or rest[0] != "," or rest[1] not in REFERRING_STARTS:
        return False
    part_end = next((i for i in range(1, len(rest)) if rest[i] in SEPARATORS), len(rest))
    return not ATTRIBUTION.intersection(rest[1:part_end])


# the prepositions that open a relative clause before its pronoun (", of which <dig> were correct", ", from which the
# putative european taxa arose", ", most of which ...")
_RELATIVE_PREPOSITIONS = frozenset({"of", "from", "in", "on", "at", "to", "for", "with", "by", "among", "through",
                                    "during", "within", "under", "into", "over", "between", "after", "before"})


def _opens_a_relative_after_its_preposition(words: Sequence[str]) -> bool:
    """Whether ``words`` open a relative clause whose pronoun follows its preposition, and perhaps a quantifier before
    that ("of which", "from where", "most of which"): its antecedent is the noun before it, which a deletion before
    it would take ("... the longsage technique [, that provided a total of <dig> tags ,] from which <dig> were
    differentially expressed ...", "... the most species - rich group [, including <dig> new isolates ,] of which nine
    appear to be new species ."). 69 spans of 35 sentences of valid papers 0-499 and the Cohan form, and 10
    of 5 of CNN/DailyMail valid 0-1,999 ("... gibson joined manchester united for a difficult 18 months , in which he
    repeatedly felt belittled ...")."""
    pronoun = next((i for i in (1, 2) if i < len(words) and words[i] in RELATIVE_PRONOUNS), None)
    return pronoun is not None and words[pronoun - 1] in _RELATIVE_PREPOSITIONS


# adverbs before a participle that are not in -ly (", already used to identify ...")
PARTICIPLE_ADVERBS = frozenset({"already", "also", "often", "still", "then", "thus", "now", "once"})


def _opens_a_reduced_relative(words: Sequence[str]) -> bool:
    """Whether ``words`` open with a past participle the lexicon knows as a verb, after an adverb or not: a relative
    clause without its "which" (", already used to identify genes ...", ", derived from ..."), which names the noun
    before it as a relative clause does."""
    if len(words) > 1 and (words[0].endswith("ly") or words[0] in PARTICIPLE_ADVERBS):
        words = words[1:]
    return bool(words) and is_a_past_verb(words[0])


def _opening_comma(source: Sequence[str], start: int) -> Optional[int]:
    """The comma that opens the part at ``start``: its own first token, or the token before it (a rewrite that keeps
    the comma and drops the words after it), else None."""
    if source[start] == ",":
        return start
    return start - 1 if start > 0 and source[start - 1] == "," else None


# what says the words after "between" already name both its sides: a count ("between the two srp gtpases [, ffh -
# d251n and ftsy]", an apposition that names them) or a pair
_BOTH_SIDES = COUNT_WORDS | SPELLED_COUNTS | {NUMBER, "both", "each", "pair", "pairs", "all", "multiple"}


MAX_BETWEEN_SIDE = 5  # the words of a side of "between" ("between an strictly accelerating heart beating , ...")


def _leaves_between_one_side(source: Sequence[str], start: int, end: int) -> bool:
    """Whether a part opened by a comma holds the other sides of a "between" before it, whose object names one so far:
    "no significant differences ... were found between the melanoma patients [, people with vitiligo and healthy
    control subjects] ." (read blind as a list cut) would compare the melanoma patients with nothing. 9 spans of valid
    papers 0-499 and the Cohan form, all such lists ("... relationships between open reading frames [, enzymes and
    reactions comprising the metabolic pathways in yeast] ...")."""
    comma = _opening_comma(source, start)
    if (comma is None or "and" not in source[start:end] or "between" in source[start:end]
            or source[comma + 1:comma + 2] and source[comma + 1] in CLAUSE_COORDINATORS):
        return False  # (", and the conclusion ... was uncertain": a clause of its own)
    opening = comma - 1
    while opening >= 0 and source[opening] not in BOUNDARIES:
        opening -= 1
    before = source[opening + 1:comma]
    if "between" not in before:
        return False
    sides = [word for word in before[len(before) - before[::-1].index("between"):] if word != HYPHEN]
    return len(sides) <= MAX_BETWEEN_SIDE and not ({"and", "to"} | _BOTH_SIDES).intersection(sides)


# the finite forms of "be" and "have": a part that holds one outside its relative clauses holds a clause's verb
_FINITE_BE_HAVE = COMPLEMENT_TAKERS - {"be", "been", "being"}


def _holds_the_main_verb(source: Sequence[str], start: int, end: int, dropped: Collection[int] = ()) -> bool:
    """Whether a part opened by a comma holds the sentence's verb: a finite "be" or "have" outside any relative or
    subordinate clause of its own, no relative pronoun, phrase, participle or coordinator opening it, and no predicate
    in the words kept before it ("the data for the numbers of total cells [, total pna - positive l. pneumophila and
    cultivable l. pneumophila in mono and in dual species biofilms were similar ,] except for the numbers ... which were
    significantly lower", read blind as a sentence with no main verb; "rather [, the proliferative response was more
    persistent] , presumably reflecting ..."). 84 spans of valid papers 0-499 and the Cohan form, main clauses after a
    phrase the opening-phrase rule does not know ("rather", "regardless", "more generally", "where necessary"), and 125
    of CNN/DailyMail valid 0-1,999, most after a quotation's opening mark ('" in my opinion [, the firearm shown in the
    video stills is a glock pistol] , " ...')."""
    words = [word for word in source[start:end] if word not in BOUNDARIES]
    comma = _opening_comma(source, start)
    # a past verb and its object ("[, increased the efficiency of ...]"), not a participle's phrase ("supported by")
    verb_and_object = len(words) > 1 and is_a_past_verb(words[0]) and words[1] in OBJECT_OPENINGS
    if (comma is None or len(words) < 3 or words[0] in RELATIVE_PRONOUNS | COMPLEMENTIZERS
            or words[0] in CLAUSE_COORDINATORS or _opens_phrase(words[0])
            or is_a_past_verb(words[0]) and not verb_and_object):
        return False
    # its own words: up to a relative or subordinate clause ("lloyd 's younger sister and the last family member to
    # see him before he was killed", an apposition)
    own = itertools.takewhile(lambda word: word not in RELATIVE_OPENERS | SUBORDINATORS, words)
    if not verb_and_object and _FINITE_BE_HAVE.isdisjoint(own):
        return False
    kept = [source[i] for i in range(comma) if i not in dropped]
    return not has_predicate(" ".join(kept)) or _is_an_opening_subordinate_clause(kept)


def _is_an_opening_subordinate_clause(words: Sequence[str]) -> bool:
    """Whether ``words``, a sentence's first, are a subordinate clause that opens it and no main clause: a subordinator
    first ("if", "although", ``OPENING_SUBORDINATORS``) and at most one of its comma-set parts with a predicate ("if
    , however , the macula across the septum was at least <dig> days old at the time of colony inoculation [, colony
    development was similar to controls sharing a continuous plate ,] suggesting ...": read blind, the main clause
    gone)."""
    return (bool(words) and words[0] in OPENING_SUBORDINATORS
            and sum(has_predicate(" ".join(part)) for part in comma_parts(words)) <= 1)


def _describes_like_a_later_part(words: Sequence[str], after: Sequence[str]) -> bool:
    """Whether a part's ``words`` describe its noun as a later part of the sentence (``after``) describes another:
    with the same past participle ("bone - marrow - derived macrophages [, infected <dig> days earlier with wild -
    type l. mexicana ,] showed significant ablation of ... but expression was maintained in cells infected with alt -
    transgenic parasites") or a relative pronoun and the same verb ("a gene set a having <dig> ... genes
    differentially expressed [, that appear only in gene set a] , will be found more significant than ... b ... but
    which appear in other gene sets as well"): the sentence contrasts the two, and without the first its claim
    holds for every such noun (both read blind as unsupported). 29 spans of valid papers 0-499 and the Cohan form,
    most of them one of two parallel definitions ("the infectious form [, termed the elementary body] ; and the
    intracellular replicative form , termed the reticulate body")."""
    if len(words) > 1 and words[0] in RELATIVE_OPENERS:
        # the verb, with the word after it when it is an auxiliary ("which is induced by ...", not "who is 26")
        verb = words[1:3] if words[1] in COMPLEMENT_TAKERS else words[1:2]
        return any(after[i] in RELATIVE_OPENERS and after[i + 1:i + 1 + len(verb)] == verb
                   for i in range(len(after) - 1))
    return bool(words) and is_a_past_verb(words[0]) and words[0] in after


def clause_bounded(source: Sequence[str], start: int, end: int, dropped: Collection[int] = ()) -> bool:
    """Whether deleting the piece ``source[start:end]`` removes a whole side part (the module's
    rule), the positions ``dropped`` already deleted."""
    n = len(source)
    body_end = n - 1 if n and source[-1] in FINAL_STOPS else n  # the final stop is not a word of a clause
    opens = (start == 0 or source[start - 1] in CLOSERS
             or source[start] in SEPARATORS or source[start] in OPENING_BRACKETS)
    closes = (end >= body_end or source[end] in BOUNDARIES or source[end] in FINAL_STOPS
              or source[end - 1] in CLOSERS)
    piece = source[start:end]
    if not (opens and closes) or piece.count(QUOTE) % 2 or piece.count("{") != piece.count("}"):
        return False  # (nor a set's one brace: "t = { t <dig> t <dig> ⋯ [, tm }]")
    in_lists = list_positions(source)
    introduced = introduced_list_positions(source)
    # positions no deletion may take: a list's items (without one the list says something else), the
    # main clause after an opening phrase (without it the phrase stands alone), an item's number
    # (without it two items run together), a range's numbers and dash ("21 – 22 nt"), a bulleted list
    kept = (in_lists | main_clause_positions(source) | predicate_positions(source) | enumeration_positions(source)
            | enumerated_item_positions(source) | ordinal_positions(source) | range_positions(source)
            | bullet_positions(source) | introduced | announced_list_positions(source))
    if kept.intersection(range(start, end)):
        return False
    if _repeats_across(source, start, end, dropped):
        return False  # "the reference product containing ciclosporin a [, atopica ® soft capsules for dogs and
        # cyclavance ® oral solution containing the same active ingredient ,] ciclosporin a 100 mg / ml oral solution
        # were used": the part named what the words around it tell apart
    # the comma after the piece's last word, and whether the piece takes both its commas (the list then starts
    # after it: "we measured [, in every dish ,] the cells , the spores and the hyphae")
    comma = end if end < n and source[end] == "," else end - 1 if source[end - 1] == "," else None
    if (comma is not None and comma + 1 in in_lists and start <= comma - 1 and comma - 1 not in in_lists
            and not (source[start] in SEPARATORS and comma == end - 1)):
        return False  # the piece ends with the first item of the list after it: the words before it would
        # become that item ("on the mammalian lineage [, leading to ... genes in the human] , mouse , and rat genomes")
    # (a piece may end with the comma before the part: "with rare isolation of b and c ,")
    rest = end - 1 if source[end - 1] in SEPARATORS else end
    if _names_the_noun_before(source[rest:]) and rest + 1 not in in_lists:  # a list's item names none
        return False  # what follows names the noun before it, which would then be another one
    if (source[start] not in OPENING_BRACKETS and rest < n and source[rest] == ","
            and _opens_a_relative_after_its_preposition(source[rest + 1:])):
        return False  # "... longsage technique [, that provided a total of <dig> tags ,] from which <dig> were ...":
        # the relative's noun may be the part's; a bracket's is the noun before it ("in 76 patients [( 76 % )] , of
        # which 13 ...")
    if end < n and source[end] == "," and _opens_a_reduced_relative(source[end + 1:end + 3]):
        return False  # "... its greater coverage [, while the value of the hom apple array was grounded in ...] , already
        # used to identify genes ...": so does a participle after the piece's own comma (after both of a side part's
        # commas it is the main verb: "two papers [, presenting ... ,] used their own method")
    words = [word for word in source[start:end] if word not in BOUNDARIES]
    if _opening_comma(source, start) is not None and _describes_like_a_later_part(words, source[end:]):
        return False
    if _leaves_between_one_side(source, start, end):
        return False
    if _holds_the_main_verb(source, start, end, dropped):
        return False
    if not words and DASHES.intersection(source[start:end]):
        return False  # "... mwm prediction results – similar to secondary structure prediction [–] in prediction with
        # ...": a dash alone leaves its aside open, or runs a compound's halves together
    if source[start] in DASHES and words and _GENUS_INITIAL.fullmatch(words[0]):
        return False  # "... expression profiles during the cotton [– v. dahliae interaction] .": a species after a
        # dash is a host-pathogen compound's second half, no aside (read blind as a phrase cut off)
    relatives_comma = _opening_comma(source, start)
    if (relatives_comma and source[relatives_comma - 1] in RELATIVE_PRONOUNS
            and (relatives_comma < start or end < n and source[end] == ",")):
        return False  # "here , we describe gourmet , which [, like some of the other tools] , determines ...": the
        # relative's comma would be left before its verb (read blind as a stray comma); the part may go with both
    if tuple(words) in APPOSITION_MARKERS:
        return False  # "scoring with only secondary structure [, that is ,] <dig> % weighting of ...": without its
        # marker the apposition runs into the noun it names
    if any(first in words and not set(seconds).isdisjoint(source[end:]) for first, seconds in CORRELATIVES.items()):
        return False  # "some of them ... , others ...": without the first, "others" pairs with nothing
    if words and words[0] in SECOND_HALVES and _holds_in_order(source[:start], SECOND_HALVES[words[0]]):
        return False  # "not only x , but also y": the first half asks for the second
    if words and words[0] in CLAUSE_COORDINATORS and end < body_end:
        return False  # "x , [but as of yet ,] neither ...": two clauses would be left with a comma between
    if words and words[0] in CONTRASTING_COORDINATORS and not has_predicate(" ".join(words[1:])):
        return False  # a contrast that qualifies the claim before it, not a clause of its own: "... led to a relative
        # increase in p uptake , increased p use efficiency [, but strong growth reduction] ." (read blind as the
        # finding made wholly favourable), "... in all cad - downregulated plants [, but not in empty vector control]"
    if words and words[0] in PREDICATE_STARTERS or ATTRIBUTION.intersection(words):
        return False
    if words and words[0].endswith("s") and (is_only_a_verb(words[0])
                                             or source[start] != ";" and _opens_a_present_predicate(words)):
        return False  # "we found that tip <dig> an acetyltransferase [, interacts with salmonella ssef] .": a present
        # verb opens the predicate of a subject whose apposition's first comma the data set lost with a number; or of a
        # subject the writers set off with a comma ("the significant reduction in cells ... observed in ad patients ,
        # involving not only ... , but also their receptors [, points at a severely compromised system] ."; after a
        # semicolon such words open a clause's subject: "; attempts to mine it revealed ...")
    if len(words) > 1 and words[0].endswith("ed") and words[1] in OBJECT_PRONOUNS:
        return False  # "isolation of the promoter regions of three genes ... [, allowed us to identify ...] .": a past
        # form before its object pronoun is a finite verb, here the sentence's own after a comma the writers added
    if words and words[0] in REPORTING_VERBS and words[1:2] == ["that"]:
        return False  # "... in red clover [, suggest that these genes are paralogues] .": the main verb
    if words and (set(words) <= LINKING_ADVERBS or tuple(words) in LINKING_PHRASES):
        return False  # "... were predicted , [therefore ,] two templates were used": a comma splice would be left
    if words and (words[0] in CONDITIONS or words[0] in LIMITS and words[1:2] and words[1] in DETERMINERS
                  or opens_with_one_of(words, CONDITION_PHRASES) or _opens_a_measures_condition(words)):
        return False  # a condition on the claim: without it the claim holds unconditionally ("... , however [, below
        # this level ,] coverage was incomplete"; "... achieved <dig> % prediction accuracy ... [, when evaluating on
        # the top l/ <dig> predicted contacts] .", read blind as unsupported)
    if words and words[0] in ("in", "for") and words[-1] in VARIANT_NOUNS and len(words) <= MAX_VARIANT_PHRASE:
        return False  # "... containing a pts- <dig> sequence [, in the 324-residues isoform ,] between the two
        # domains" (read blind as unsupported): the kind the claim holds for; without it the claim holds for all
    if words and words[-1] in COMPLEMENT_TAKERS and end < body_end:
        return False  # "the baseline measurements changed , probably because the heart rate was [, on average ,]
        # slightly higher ...": a part that ends on "was" leaves its complement after the next comma
    if end >= body_end and len(words) == 1 and is_a_past_verb(words[0]):
        return False  # "... were confirmed for specific transcripts and the regulatory role of one antisense
        # transcript for meab [, investigated] .": the second clause's predicate, its "was" elided
    if words[:2] == list(REFERENCE_OF_A_MEASURE):
        return False  # "spatial variation in δ13c in ants [, relative to the resource base ,] was almost wholly
        # accounted by ...": what the measure is taken against; without it the claim is about another quantity
    if words and words[0] in RELATIVE_PRONOUNS | COMPLEMENTIZERS and _sets_a_threshold(words):
        return False  # "pairs [, whose similarity is greater than <dig> ,] have ...": the clause restricts the noun
    if source[start] == ";" and _counts_its_items(source):
        return False  # "three observed key characteristics of photoheterotrophic growth of pnsb are the co <dig>
        # production rate correlates with ... [; usually no other products than co <dig> can be detected ... and some
        # of the released co <dig> is reused ...] .": the sentence counts the items its semicolons set apart
    if source[start] == ";" and end < _clause_end(source, start + 1, body_end):
        return False  # "... during development [; bmcatd is induced by ecdysone] , and is expressed in ...": the
        # clause a semicolon opens goes on after the part, and what is left of it loses its subject or leans on another
    if opens_with_one_of(words, ACCOMPANIMENTS):
        return False  # "the method [, together with features chosen ,] predicts": the claim is the pair's
    if _opens_examples(words) and has_predicate(" ".join(itertools.takewhile(lambda w: w not in CLAUSE_OPENERS, words))):
        return False  # "receptors [, including par <dig> promote ampk activity ...]": the verb after a lost comma
    if (end + 1 in introduced and any(_opens_examples(words[i:i + 2]) for i in range(len(words)))
            and (_opens_an_item(source[end + 1:]) or _closes_a_list_ahead(source, rest + 1))):
        return False  # "seven fas were used [, including : oleic acid] , palmitic acid , stearic acid ...": the
        # introducer's own part, whose later items stay, would leave them hanging on the clause before; so would a
        # part the introducer stands inside ("... progressing the field of plant molecular biology , [enabling methods
        # such as t - dna tagging <cit> ,] agrobacterium - mediated transformation ... , and the introduction of
        # genes ...", read blind as a list spliced onto the field)
    if (RESPECTIVELY in source[end:] or RESPECTIVELY in words
            or RESPECTIVELY in source[:start - 1] and source[start - 1] != RESPECTIVELY
            or source[start - 1] == RESPECTIVELY and _holds_a_pair(words)):
        return False  # "a and b ... x and y , respectively": one side without an item pairs them wrongly, also when
        # "respectively" comes before the items ("three pairs of cells located , respectively , in the anterior tip
        # [, at ...]"); a part right after the pairing may go ("... 3 and 4 respectively [, which matched ...]"), unless
        # it holds the other side ("... among <dig> and <dig> respectively [, from affymetrix and codelink platforms]")
    if (words and words[0] in CONTRASTS and end < body_end
            and (not has_predicate(" ".join(words)) or _opens_a_clause_after_its_comma(source, end, body_end)
                 or source[end - 1] == "," and _is_a_closing_name(source[end:body_end]))):
        return False  # "<dig> genes were predicted for a. oligospora [, whereas only <dig> genes] , with few
        # duplicates , were estimated ...": the contrast's subject, whose verb comes after the part; or the contrast's
        # clause goes on after the part ("... <dig> loci maintained the same position [, while in sl <dig> and rsv only
        # <dig> among the <dig> loci ...] , <dig> in total showed ..."), and two clauses would be left with a comma
        # between them; or a name after the contrast's own comma names its last noun, and would name the first
        # clause's ("... close to the known subpopulation hspeasia of hpeastasia [, whereas <dig> strains are close to
        # another subpopulation of hpeastasia ,] hspamerind .")
    if (len(words) > 1 and words[0] in CLAUSE_SUBORDINATORS and words[1] in DETERMINERS and end < body_end
            and not has_predicate(" ".join(words))):
        return False  # "... by both treatment and week of supplementation [, although their interaction ,] was not
        # significant": the subordinate clause's subject, whose verb comes after the part (a comma between them); "...
        # in the blockade measurements [, where the adsorption - desorption history of the molecule to the surrounding
        # channel ,] and the configurational changes ... , imprint on the ionic flow"
    if end < body_end and (tuple(source[end - 3:end]) == ELLIPSIS or source[end - 1] in ELLIPSIS_MARKS):
        return False  # "here we test the cases [, where there are <dig> <dig> . . .] , <dig> children in the nuclear
        # family": an ellipsis stands for a list's middle items, and the list goes on after it
    if start > 0 and _is_number(source[start - 1]) and (source[start] in ELLIPSIS_MARKS
                                                        or tuple(source[start:start + 3]) == ELLIPSIS):
        return False  # "... the probabilities of alu sequences with j = <dig> <dig> <dig> [... copies] .": the ellipsis
        # goes on with a sequence of numbers, and what follows it is what they count
    if source[start] in DASHES and start > 0 and source[start - 1] in COMPOUND_PREFIXES:
        return False  # "comparing ccrcc to adjacent non [– malignant renal cells]": a compound's dash, no part's
    if source[start] in DASHES and end < body_end and _closing_separator(source, end) not in DASHES:
        return False  # "... to identify long - range enhancer [– promoter interaction ,] chromcontact generates ...",
        # "someone [-- your best friend ,] amazing husband": a side part a dash opens closes with a second dash or the
        # sentence; a dash no second one closes before a comma joins a compound's halves or a list's first items
    dash = start if source[start] in DASHES else start - 1 if start > 0 and source[start - 1] in DASHES else None
    if dash is not None and (_joins_a_compound(source, dash) or _repeats_a_compounds_first_half(source, dash)):
        return False  # "we found that the free radical [– scavenging effect of galloyl - rgd ... was <dig> %]", "in
        # the <dig> ppm galloyl - rgd – [treated group ,] <dig> % of free radical was removed": the dash of a compound
        # modifier ("radical–scavenging effect"), which the normal form spaces as a side part's; or of a series of
        # compounds ("... was observed in ldtmt2 [– biapenem and ldtmt2 – tebipenem complexes]", read blind as
        # unsupported)
    if (source[start] == "," and end < body_end and source[end] == ","
            and _closes_a_short_list(list(itertools.takewhile(lambda word: word not in SEPARATORS,
                                                              source[end + 1:body_end])))):
        return False  # "... resembles brody myopathy in humans [, a condition of impaired muscle relaxation] ,
        # stiffness and cramps , caused by ...": the list's first item, whose last ones would name the noun before it
    after_part = list(itertools.islice((word for word in source[end:] if word not in BOUNDARIES), 3))
    if (len(after_part) > 1 and after_part[0] in COORDINATORS and has_predicate(" ".join(words))
            and (after_part[1] in PARTICIPLES_PREPOSITIONS or _is_a_manner_adverb_before_a_preposition(after_part))):
        return False  # "mreb is essential [, its depletion leads to a defect ...] , and ultimately to the formation of
        # round cells": what follows goes on with the part's verb
    if (words and words[0] in RELATIVE_PRONOUNS and len(after_part) > 1 and after_part[0] in COORDINATORS
            and _is_a_finite_verb(after_part[1])):
        return False  # "scrounging will evolve in foraging groups [, which will reduce the patch finding rate of
        # groups ,] and makes that ...": the verb after the coordinator is the relative clause's second, its subject
        # the relative pronoun
    if (len(after_part) > 1 and after_part[0] in COORDINATORS and after_part[1] in ITEM_PREPOSITIONS
            and after_part[1] in words[:2]):
        return False  # "... are separated by <dig> – <dig> diagnostic characters [, comparable to those
        # distinguishing the two l. dorsalis populations ,] or to those detected between ...": the coordinator after
        # the part goes on with the part's preposition, a second item of its phrase
    if after_part and after_part[0] in CONTRASTS:
        return False  # "... hog <dig> out [, supporting the hypothesis that pbs <dig> is inactivated ,] while in hog
        # <dig> phosphorylation activates this kinase": the contrast may be with the part
    kept_before = [word for i, word in enumerate(source[:start]) if i not in dropped]
    last_clause = kept_before[_last_index(kept_before, ";") + 1:]  # the kept words of the clause the part is in
    if source[start] == "," and kept_before and _continues_a_list_of_verbs(kept_before[-1], words):
        return False  # "we identified [, annotated and compared transcripts ... ,] reconstructed a catalogue": the
        # first verb shares the part's object, and two verbs would stand side by side
    if source[start] == "," and kept_before and _continues_a_list_of_modifiers(kept_before[-1], words):
        return False  # "integrating phylogenetic [, computational and structural approaches to the genes] ,": the
        # noun the first modifier goes with is in the part
    if words and words[0] in DETERMINERS and _ends_on_an_infinitive(kept_before):
        return False  # "to investigate , in the absence of interfering disease variables [, the physiological role of
        # the brain epo system ,] we performed ...": the infinitive's object, after a phrase the writers put between
    if source[start] == "," and kept_before and _continues_a_list_of_labels(kept_before[-1], words):
        return False  # "... concerned the pi3k catalytic subunits and the class ia [, iii but not ib regulatory
        # subunits in opisthokonta species] .": the first label would stand for all of them, without their noun
    if source[start] == "," and _leaves_a_modifier_without_its_noun(kept_before, words):
        return False  # "... principal component analysis which provides coupled [, low - dimensional representations of
        # the samples] .": the modifier before the comma goes with the noun in the part
    kept_words = tuple(word for word in kept_before if word not in BOUNDARIES)
    if kept_words and kept_words[-1] in INTRODUCERS:
        return False  # "and in particular [, secondary structure methods ,] are used": the introduced part stays
    if any(kept_words[-len(marker):] == marker for marker in APPOSITION_MARKERS):
        return False  # "... at e < 10- <dig> that is [, <dig> % of the <dig> unique sequences] .": the apposition its
        # marker announces, whatever stands before the marker
    if (source[end - 1] in SEPARATORS and end < body_end and kept_before
            and is_only_a_noun(kept_before[-1]) and is_only_a_noun(source[end])):
        return False  # "data integration [, drug discovery , ... in databases ,] identification of ...": both
        # commas go, and two noun phrases would stand side by side as one
    if (source[end - 1] in SEPARATORS and end < body_end and source[end] in ARTICLES
            and _is_a_bare_subject(kept_before)):
        return False  # "structures of its paralogs [, including apo - ldtmt <dig> and an imipenem - adduct structure of
        # ldtmt <dig> <cit> ,] the apo- and meropenem - adduct structures of ldtmt <dig> have also been reported .": the
        # words before the part are the sentence's subject and no phrase of its own, and a second noun phrase would run
        # into it
    if (source[start] == "," and end < body_end and source[end] == ","
            and _is_a_one_word_item(kept_before, words, source[end + 1:end + 2])):
        return False  # "<dig> individuals with european [, asian] , african ancestry": one word between two commas, a
        # word on each side, is an item of a list the writers did not close; without it the list says something else
    if (comma is not None and end < body_end and _opens_a_second_predicate(source[comma + 1:body_end])
            and has_predicate(" ".join(words))):
        return False  # "<dig> isolates with ribotype <dig> originating from six countries [, displayed identical
        # sequences at tr <dig> ...] , and jointly were assigned trst sequence type ...": the first of two predicates
        # that "and" joins; without it the second joins nothing
    if (comma is not None and end < body_end and "," in (source[start], source[start - 1])
            and _is_a_bare_item_before_the_last(words, source[comma + 1:body_end])):
        return False  # "subgroups defined by differentiation [, activation and regulation markers of b and t -
        # lymphocytes expressing αβ or γδ tcr] , natural killer cells and dendritic cells": an item too long for a list
        # of short ones, before the last two; without it the list names other things (read blind as the aim changed)
    if "," in (source[start], source[start - 1]) and words and _repeats_the_last_phrases_preposition(kept_before,
                                                                                                     words):
        return False  # "table <dig> shows the transcriptome patterns for ps <dig> grown in iron - depleted lb [, in
        # human urine and serum ,] as well as that of pamm ." (read blind as unsupported without it): the next item of a
        # list of phrases that one preposition opens; without it the claim holds for the first alone
    if (words[:1] == ["on"] and end >= body_end
            and any(word.startswith(_TAKES_ON_STEMS) for word in last_clause)):
        return False  # "recent reports confirmed the dependence of protein translocation across the outer membrane of
        # cyanelles ... through a red alga [, on the presence of a phenylalanine within the transit sequence <cit>] .":
        # what the clause's noun or verb depends or acts on, after a long phrase and the writers' comma
    if words and words[0] == "with" and _pairs_with_what_follows(last_clause):
        return False  # "the proposed method combines the projection matching ... [, with the common lines method for
        # refinement]": what the clause's verb combines, compares or associates the first thing with
    if start == 0:
        following = [word for word in source[end:] if word not in BOUNDARIES]
        if (end > MAX_DATELINE or source[end - 1] not in CLOSING_BRACKETS or not following
                or not following[0][0].isalnum() or following[0] in CONNECTIVES):
            return False
    elif (source[start] == "," and end < body_end and source[end] == ","
          and _is_an_item_in_parallel(kept_before, words, source[end + 1:end + 2])):
        return False  # "four treatments : n absence , <dig> mm no3− [, <dig> mm nh4+] , <dig> mm no3− + ...": a middle
        # item of a list the writers did not close, opening as the items on both sides do
    elif source[start] == "," and len(_side_part_commas(source, start, dropped, in_lists)) % 2:
        return False  # this comma closes a side part that a kept comma opened: what follows is the main clause
    if ":" in source[start:end] and end < body_end and source[end - 1] not in CLOSING_BRACKETS:
        return False  # "... in only two of the species studied [, as following : e . globulus and e . grandis] ; e .
        # globulus and e . urophylla ; ...": the colon's first item, whose later items stay; "... outgrow to mycelia [,
        # which can be concluded as follows : as soon as a fungal spore is exposed to its favourable conditions ,] it
        # changes from a dormant state ...": what a colon announces goes on past the part's closing comma
    if words and _opens_as_a_later_closing_item(words, source[end:_clause_end(source, end, body_end)]):
        return False  # "... by the process of replication , where ... is copied , [by substitution ,] in which ... , and
        # by the coordinated breaking ...": a middle item of a list that a later "and by" closes
    if _takes_its_clauses_only_verb(source, start, end, dropped, body_end):
        return False  # "... ; however , with bpnn - based validation [, the r <dig> improved by about 21 % to <dig>] ;
        # which further increased ...": the part is its clause's main clause, and a phrase would be left standing alone
    if end >= body_end:
        adverb = _last_index_of_any(kept_before, LINKING_ADVERBS)
        if adverb >= 0 and not has_predicate(" ".join(kept_before[adverb + 1:])):
            return False  # "... was attained for 1 × <dig> genome copies , however [, below this level , coverage was
            # incomplete]": the adverb's clause, without which the sentence ends on "however" or on its lead phrase
        if words and is_a_past_verb(words[0]) and _only_a_relative_clause_has_a_verb(kept_before):
            return False  # "isolate o / ukg / <dig> which exhibited the highest viral load [, generated a coverage
            # depth > <dig> ...]": the subject's own verb, after its relative clause and the writers' comma
        if source[start] == "," and _closes_a_list_of_quantities(kept_before, words):
            return False  # "the optimum conditions were <dig> times number of passes [, <dig> g / l of biomass and pulse
            # pressure at <dig> bar]": the first quantity would be left as if it were all of them
        if source[start] == "," and _cuts_a_list_of_clauses(kept_before, source[start + 1:end]):
            return False  # "... , <dig> patients were mpo - anca positive , six patients were positive for both ... [, six
            # patients were positive for anti - gbm antibodies , and five aav patients were ...]": its closing items
        first_clause = kept_before[:kept_before.index(",")] if "," in kept_before else kept_before
        if SUBORDINATORS.intersection(first_clause):
            return False  # what would be left opens with a subordinate clause whose main clause this is
        subordinate = _last_index_of_any(kept_before, CLAUSE_SUBORDINATORS | _OBJECT_RELATIVES)
        if subordinate >= 0 and not has_predicate(" ".join(kept_before[subordinate:])):
            return False  # "... embedded in the blockade measurements , where the adsorption history of the molecule ,
            # and the configurational changes in the molecule itself [, imprint on the ionic flow]": the last
            # subordinate clause's verb, after the comma the writers put between it and its subject; or a relative
            # clause's ("... parameters for which extrapolating results from analyses of plants [-- in particular those
            # grown under short day photoperiods -- in controlled conditions ... could be misleading]", read broken)
        if _opens_a_clause_without_its_verb(kept_before):
            return False  # "... inhibited biofilm formation , and with increasing hs concentrations [, the effect of hs
            # on biofilm formation became more pronounced]": the coordinated clause's lead, whose clause the part is;
            # "... the training of a mathematical classifier <cit> and finally [, the introduction of both data and
            # classifiers into the final program] .": what the coordinator joins (an aside before it may go: "in the
            # usa and [, where the density permitted ,] in mexico")
        if CONTRASTS.intersection(last_clause):
            return False  # "... at <dig> and 36 h with lps , while they occurred at <dig> and 72 h [, following stm
            # infection]": the contrast's last part says what is contrasted
        if source[start] == "," and _closes_a_list_of_verbs(kept_before, words):
            return False  # "we aim to clone the gene , analyze its expression [, identify ... , and prove ...]": the
            # part that closes a list; without it the items before are left unclosed
        if source[start] == "," and _is_an_item_in_parallel(kept_before, words):
            return False  # "the ancestor of a. amecae , a. lacustris [, a. tincella]": a list the writers did not close
    return True


# what may stand between a coordinator and the clause it coordinates: a preposition's phrase or "then" ("... , and with
# increasing concentrations , the effect ...", "... , then platform , and then , as expected , copy number")
_LEADS_AFTER_A_COORDINATOR = PARTICIPLES_PREPOSITIONS | {"then", "after", "upon", "under", "during", "within",
                                                         "without", "as"}


# what a participle's own clause goes on with after it: its object's determiner, a preposition, a complementizer, a
# number ("– including the ...", "– treated with ...", "– suggesting that ..."); any other word after a dash and a
# participle is the noun of a compound ("radical – scavenging effect", "galloyl - rgd – treated group")
_OPENS_A_PARTICIPLES_OBJECT = (DETERMINERS | PARTICIPLES_PREPOSITIONS | COMPLEMENTIZERS | CLAUSE_COORDINATORS
                               | {"as", "through", "via", "over", "under", "against", "between", "among", "within",
                                  "after", "before", "during", "up", "out", "down", "it", "them", "us", NUMBER})
_SHORT_LIST_WORDS = 5  # "stiffness and cramps": the last items of a list, after its first


# the stems of the verbs that take their second thing after "with" ("combines a with b", "compared with", "associated
# with", "correlates with", "interacts with", "replaced with")
_PAIRING_VERB_STEMS = ("combin", "compar", "associat", "correlat", "interact", "replac", "contrast", "merg", "integrat",
                       "coupl", "align")


MAX_PHRASE_ITEM = 8  # how far back, inside its part, the phrase whose preposition the next item repeats opens
# the words after a preposition that make a sentence adverbial of it, no list's item ("in particular", "for example",
# "in this case", "in line with ...", "in terms of ...")
_SENTENCE_ADVERBIAL_NOUNS = frozenset({"general", "particular", "part", "nature", "line", "terms", "fact", "short",
                                       "summary", "addition", "contrast", "turn", "practice", "principle", "example",
                                       "instance", "this", "that", "such"})
# the prepositions that open a list's phrases ("in lb , in urine and serum"; not "to", "of", "as" or "with", which
# attach a part to the noun or verb before it: "... , with roles in brain development")
_PHRASE_ITEM_PREPOSITIONS = frozenset({"in", "on", "at", "for", "from", "by", "during", "under", "among", "within",
                                       "between", "after", "before", "into", "through", "via", "without"})


def _repeats_the_last_phrases_preposition(kept_before: Sequence[str], words: Sequence[str]) -> bool:
    """Whether a part after a comma is a short phrase with no verb (no relative clause, no linking phrase: "in which
    ...", "in contrast to ...") that opens with the preposition that opens the last phrase before that comma, inside
    the same part ("grown in iron - depleted lb , in human urine and serum"): the two phrases are a list's items."""
    first = words[0]
    if (first not in _PHRASE_ITEM_PREPOSITIONS or len(words) > MAX_LIST_ITEM
            or words[1:2] and words[1] in CLAUSE_OPENERS | _SENTENCE_ADVERBIAL_NOUNS
            or opens_with_one_of(words, LINKING_PHRASES) or has_predicate(" ".join(words))):
        return False
    # (the kept text may end with the comma before the part: the deletion began after it)
    trimmed = list(itertools.dropwhile(lambda word: word in BOUNDARIES, reversed(kept_before)))[::-1]
    return first in _last_kept_part(trimmed)[-MAX_PHRASE_ITEM:]


# the stems of the nouns and verbs whose complement "on" opens ("the dependence of x , on the presence of y", "the
# effect of x , on y")
_TAKES_ON_STEMS = ("depend", "relian", "relie", "rely", "effect", "impact", "influenc", "focus")


def _pairs_with_what_follows(clause: Sequence[str]) -> bool:
    """Whether the kept words of a clause hold a verb that takes its second thing after "with" (``_PAIRING_VERB_STEMS``)
    and no "with" after it yet."""
    verb = next((i for i in range(len(clause) - 1, -1, -1) if clause[i].startswith(_PAIRING_VERB_STEMS)), None)
    return verb is not None and "with" not in clause[verb + 1:]


def _is_a_one_word_item(kept_before: Sequence[str], words: Sequence[str], following: Sequence[str]) -> bool:
    """Whether ``words``, a part between two commas, is one word that a word precedes and a word that can be no verb
    follows, not an adverb or a connective ("european , asian , african ancestry"; not "... , however , ...", "... ,
    interestingly , ...", nor a name's apposition before its verb: "his bride , kajal , was swept up ...")."""
    return (len(words) == 1 and words[0].isalpha() and not words[0].endswith("ly")
            and words[0] not in LINKING_ADVERBS | SUBORDINATORS | CONTRASTS | CLAUSE_COORDINATORS
            and bool(kept_before) and kept_before[-1].isalpha() and bool(following) and following[0].isalpha()
            and following[0] not in PREDICATE_STARTERS and "VERB" not in word_classes(following[0]))


def _opens_a_second_predicate(following: Sequence[str]) -> bool:
    """Whether the words after a part's comma open with "and" or "or", at most two adverbs, and an auxiliary or a past
    form: a predicate whose subject is the sentence's, coordinated with one in the part ("... , and jointly were
    assigned ...", "... , and was expressed in ...")."""
    if following[:1] not in (["and"], ["or"]):
        return False
    rest = list(itertools.dropwhile(lambda word: _is_an_adverb_in_ly(word) or word in _ADVERBS_BEFORE_A_PREDICATE,
                                    following[1:4]))
    return bool(rest) and (rest[0] in PREDICATE_STARTERS or is_a_past_verb(rest[0]))


def _holds_a_pair(words: Sequence[str]) -> bool:
    """Whether ``words`` join two things with "and" or "or" and hold no predicate: one side of a pairing."""
    return any(word in ("and", "or") for word in words[1:-1]) and not has_predicate(" ".join(words))


def _is_a_bare_item_before_the_last(words: Sequence[str], following: Sequence[str]) -> bool:
    """Whether ``words``, a part between two commas, is a list's item before its last two: a noun phrase without its
    determiner (its first word a noun or an adjective to the lexicon, no adverb in -ly and no -ing form) that holds no
    predicate, and the part after its comma joins two more with "and" or "or" within its first MAX_LIST_ITEM words, no
    predicate before the coordinator ("... , natural killer cells and dendritic cells"). An apposition opens with a
    determiner ("rod photoreceptors , the major cell type in the retina , are ..."). In SumPubMed valid papers 0-499 and
    the 200 Cohan-format papers it keeps 11 parts whole: 9 a list's items, or the words after a list's first modifier
    ("frontal fibrosing alopecia : symmetric [, marginal alopecia along the hairline] , with ..."), and 2 side parts
    that could have gone ("hcc <dig> cells , like sk - br- <dig> and bt <dig> cells , express ...")."""
    classes = word_classes(words[0]) if words else frozenset()
    if (not classes or not classes <= {"NOUN", "ADJ", "VERB"} or words[0] in DETERMINERS
            or words[0].endswith(("ly", "ing"))):
        return False
    part = list(itertools.takewhile(lambda word: word not in BOUNDARIES and word not in FINAL_STOPS, following))
    coordinator = next((i for i, word in enumerate(part[:MAX_LIST_ITEM]) if word in ("and", "or")), 0)
    return coordinator > 0 and not has_predicate(" ".join(part[:coordinator])) and not has_predicate(" ".join(words))


def _only_a_relative_clause_has_a_verb(kept: Sequence[str]) -> bool:
    """Whether the words ``kept`` open with a subject and a relative clause and hold no predicate before the clause's
    pronoun: the subject's own verb is still to come."""
    relative = next((i for i, word in enumerate(kept) if word in RELATIVE_OPENERS), None)
    return relative is not None and relative > 0 and not has_predicate(" ".join(kept[:relative]))


# the words that grade an adverb before it ("more recently", "most importantly")
_DEGREE_WORDS = frozenset({"more", "most", "very", "even", "much"})


def _ends_on_a_coordinator(kept_before: Sequence[str]) -> bool:
    """Whether the words kept before a part end on a coordinator, or on one and the adverb that orders what it joins
    ("and finally", "and then", "or alternatively", "or , more recently"), its commas aside: the part is the
    coordinator's second half. (A linking adverb there, "and thus", ends on an adverb's clause with no predicate, which
    ``clause_bounded`` keeps already.)"""
    words = [word for word in kept_before if word not in SEPARATORS]
    if len(words) > 2 and words[-2] in _DEGREE_WORDS:
        words = words[:-2] + words[-1:]  # "or , more recently [, next generation sequencing data <cit>] ."
    if words and words[-1] in COORDINATORS:
        return True
    return (len(words) > 1 and words[-2] in COORDINATORS
            and (words[-1] in ORDINALS or words[-1] in _ADVERBS_BEFORE_A_PREDICATE or _is_an_adverb_in_ly(words[-1])))


def _closing_separator(source: Sequence[str], end: int) -> str:
    """The separator that closes the piece ``source[:end]`` inside a sentence: the one after it, or its own last word
    (a piece may take the comma after its part: "with rare isolation of b and c ,")."""
    return source[end] if source[end] in BOUNDARIES else source[end - 1]


def _joins_a_compound(source: Sequence[str], dash: int) -> bool:
    """Whether the dash at ``source[dash]`` joins a compound modifier: a participle ("-ed", "-ing") follows it, and a
    word that is no object's opening (``_OPENS_A_PARTICIPLES_OBJECT``) follows that."""
    after = source[dash + 1:dash + 3]
    return (len(after) == 2 and after[0].endswith(("ed", "ing")) and after[1].isalpha()
            and after[1] not in _OPENS_A_PARTICIPLES_OBJECT)


def _repeats_a_compounds_first_half(source: Sequence[str], dash: int) -> bool:
    """Whether the word before the dash at ``source[dash]`` stands before another dash too, one of the two after a
    coordinator: a series of compounds that share their first half ("ldtmt2 – biapenem and ldtmt2 – tebipenem
    complexes"), no side part's dashes ("wild dogs -- literally wild dogs --")."""
    if dash < 1:
        return False
    halves = [i for i in range(1, len(source) - 1) if source[i] == source[dash - 1] and source[i + 1] in DASHES]
    return len(halves) > 1 and any(source[i - 1] in COORDINATORS for i in halves)


def _opens_a_measures_condition(words: Sequence[str]) -> bool:
    """Whether ``words`` open with "when" and a participle, the condition a measure was taken under ("when evaluating
    on the top l/ <dig> predicted contacts", "when compared with ...", "when using ..."), not a time ("when the
    cells divide", "when javed bottom - edged ...")."""
    return (len(words) > 1 and words[0] == "when"
            and (_is_an_ing_form(words[1]) or is_a_past_verb(words[1])))


_LABEL_LENGTH = 3  # "ia", "iii", "b", "<dig>" is longer and no label here


def _continues_a_list_of_labels(before: str, words: Sequence[str]) -> bool:
    """Whether ``words``, a part after a comma, go on with a list of short labels that the word ``before`` the comma
    opens: the part opens with a label and a coordinator or "but" ("the class ia , iii but not ib regulatory
    subunits", "types a , b and c"), so its noun is the first label's too. A label is no word the lexicon knows as
    anything but a noun ("... preparing a bit , now and again , ..." is an aside)."""
    return (len(words) > 2 and words[1] in COORDINATORS | {"but"}
            and all(len(word) <= _LABEL_LENGTH and word.isalnum() and word_classes(word) <= {"NOUN"}
                    for word in (before, words[0])))


def _is_a_bare_subject(kept_before: Sequence[str]) -> bool:
    """Whether ``kept_before``, the words kept before a part, are a noun phrase that opens the sentence (no separator,
    no finite verb, no opening phrase's first word, a noun or a word the lexicon does not know last): the subject whose
    verb comes after the part."""
    return (bool(kept_before) and kept_before[0] not in OPENING_PHRASE_STARTS
            and not BOUNDARIES.intersection(kept_before)
            and not kept_before[0].endswith("ly") and kept_before[-1].isalpha()
            and word_classes(kept_before[-1]) <= {"NOUN"} and not has_predicate(" ".join(kept_before)))


_CLOSING_NAME_WORDS = 3


def _is_a_closing_name(rest: Sequence[str]) -> bool:
    """Whether ``rest``, the words after a part's closing comma up to the sentence's end, are a short name of no
    predicate (at most ``_CLOSING_NAME_WORDS`` words, no separator): an apposition of the part's last noun."""
    return (0 < len(rest) <= _CLOSING_NAME_WORDS and not BOUNDARIES.intersection(rest)
            and not has_predicate(" ".join(rest)))


def _counts_its_items(source: Sequence[str]) -> bool:
    """Whether ``source`` opens with a count spelled out ("three observed key characteristics ... are ...", "the two
    ..."): the items it counts are the parts its semicolons set apart."""
    opening = source[1:2] if source[:1] == ["the"] else source[:1]
    return bool(opening) and opening[0] in SPELLED_COUNTS


def _closes_a_short_list(words: Sequence[str]) -> bool:
    """Whether ``words``, a comma's part, are a list's last items: a few words (``_SHORT_LIST_WORDS``) with a
    coordinator between two of them and no predicate ("stiffness and cramps")."""
    return (2 < len(words) <= _SHORT_LIST_WORDS and all(word.isalpha() for word in words)
            and words[0] not in CLAUSE_COORDINATORS and words[-1] not in CLAUSE_COORDINATORS
            and any(word in ("and", "or") for word in words[1:-1]) and not has_predicate(" ".join(words)))


def _opens_a_clause_without_its_verb(kept_before: Sequence[str]) -> bool:
    """Whether the words kept before a part end with a coordinator, or, after their last comma, with a coordinator and
    a lead (``_LEADS_AFTER_A_COORDINATOR``) and no predicate, or after their last colon or semicolon with such a lead
    alone: the coordinated clause, or the lead phrase of a clause or a list's last item, that the part completes. Read
    blind, "... after which they are up-regulated and .", "... , and with increasing hs concentrations .", "...
    followed by pcr reaction mix , then platform , and then ." and "... a mixture of covalent and non-covalent mbco forms
    : under optimal expression conditions ." were counted cut off; so was "... classifier <cit> and finally .", a
    coordinator and the adverb that orders what it joins (``_ends_on_a_coordinator``)."""
    if kept_before and kept_before[-1] in CLAUSE_COORDINATORS or _ends_on_a_coordinator(kept_before):
        return True
    if _keeps_only_a_coordinated_clauses_leads(kept_before):
        return True
    last_break = _last_index_of_any(kept_before, (",", ":", ";"))
    last_part = kept_before[last_break + 1:]
    if last_part[:1] and last_part[0] in CLAUSE_COORDINATORS:
        last_part = last_part[1:]
    elif last_break < 0 or kept_before[last_break] == ",":
        return False
    return (bool(last_part) and last_part[0] in _LEADS_AFTER_A_COORDINATOR
            and not has_predicate(" ".join(last_part)))


# what opens a comparison's phrase before a clause ("compared to the closely - related strain , it differs ..."),
# whose participle the lexicon reads as a verb
_COMPARING_LEADS = COMPARING_OPENINGS + (("in", "contrast", "to"), ("unlike",))


def _keeps_only_a_coordinated_clauses_leads(kept_before: Sequence[str]) -> bool:
    """Whether the words kept after the last coordinator that follows a comma are only lead parts before a clause: a
    sentence adverb, a comparison's phrase or a phrase that a lead opens (``_LEADS_AFTER_A_COORDINATOR``), each with no
    predicate, set off by commas ("... is regulated by two positively - acting regulatory proteins , and remarkably ,
    compared to the apparently closely - related strain [, streptomyces sp. kctc 11604bp <cit> , it differs
    substantially] .": read blind as cut off)."""
    coordinator = max((i for i in range(1, len(kept_before))
                       if kept_before[i] in CLAUSE_COORDINATORS and kept_before[i - 1] == ","), default=-1)
    parts = comma_parts(kept_before[coordinator + 1:]) if coordinator >= 0 else []
    return bool(parts) and all(_is_a_lead_part(part) for part in parts)


def _is_a_lead_part(words: Sequence[str]) -> bool:
    """Whether a comma's part ``words`` leads a clause: a sentence adverb ("remarkably", "however"), or a comparison's
    phrase or a lead phrase with no predicate ("compared to the related strain", "in mice")."""
    if len(words) == 1:
        return words[0] in LINKING_ADVERBS or _is_an_adverb_in_ly(words[0])
    comparison = opening_of(words, _COMPARING_LEADS) or ()
    rest = words[len(comparison):]
    return (bool(comparison) or words[0] in _LEADS_AFTER_A_COORDINATOR) and bool(rest) and not has_predicate(
        " ".join(rest))


def _is_an_adverb_in_ly(word: str) -> bool:
    """Whether ``word`` is an adverb in "-ly" by the lexicon ("remarkably", "highly"; not "family")."""
    return word.endswith("ly") and "ADV" in word_classes(word)


def _opens_a_clause_after_its_comma(source: Sequence[str], end: int, body_end: int) -> bool:
    """Whether the part ``source[:end]`` ends at a comma (its own last token, or the next) after which a clause with a
    predicate follows to its clause's end, a subject opening it (``CLAUSE_SUBJECT_STARTS``: "... , <dig> in total
    showed different similarity scores ..."; not "... , suggesting that ...")."""
    if source[end - 1] == ",":
        rest = source[end:_clause_end(source, end, body_end)]
    elif source[end] == ",":
        rest = source[end + 1:_clause_end(source, end + 1, body_end)]
    else:
        return False
    return len(rest) > 1 and rest[0] in CLAUSE_SUBJECT_STARTS and has_predicate(" ".join(rest))


def _is_a_manner_adverb_before_a_preposition(words: Sequence[str]) -> bool:
    """Whether ``words`` (a coordinator first) go on with an adverb in "-ly" and a preposition ("and ultimately to")."""
    return len(words) > 2 and words[1].endswith("ly") and words[2] in PARTICIPLES_PREPOSITIONS


def _last_index(tokens: Sequence[str], token: str) -> int:
    """The last position of ``token`` in ``tokens``, -1 when it is not there."""
    return _last_index_of_any(tokens, (token,))


def _last_index_of_any(tokens: Sequence[str], words: Collection[str]) -> int:
    """The last position of any of ``words`` in ``tokens``, -1 when none is there."""
    return max((i for i, word in enumerate(tokens) if word in words), default=-1)


def _continues_a_list_of_verbs(before: str, words: Sequence[str]) -> bool:
    """Whether ``words``, a part after a comma, open with a past form after the past form ``before`` the comma: a
    list of verbs whose first shares the object in the part ("we identified , annotated and compared transcripts
    ..."); without the part the verb would stand before the next one."""
    return (bool(words) and before.endswith("ed") and words[0].endswith("ed")
            and "VERB" in word_classes(before) and "VERB" in word_classes(words[0]))


def _is_an_item_in_parallel(kept_before: Sequence[str], words: Sequence[str], following: Sequence[str] = ()) -> bool:
    """Whether the part ``words`` opens with the word that opens the kept part before it, each of at most
    ``MAX_UNCLOSED_ITEM`` words with no predicate: an item of a list without its coordinator ("the clade of
    a. amecae , a. lacustris , a. tincella"); ``following``, the first word after a middle part's comma, opens
    that way too."""
    before = _last_kept_part(kept_before)
    words = [word for word in words if word not in FINAL_STOPS]
    return (bool(before) and bool(words) and before[0] == words[0] and len(before) <= MAX_UNCLOSED_ITEM
            and len(words) <= MAX_UNCLOSED_ITEM and not has_predicate(" ".join(words))
            and all(word == words[0] for word in following))


def _takes_its_clauses_only_verb(source: Sequence[str], start: int, end: int, dropped: Collection[int],
                                 body_end: int) -> bool:
    """Whether the piece ``source[start:end]`` holds a predicate (``predicates.has_predicate``) and what is kept of
    the clause it stands in (from the semicolon before it, or the sentence's start, to the semicolon after it, or
    the sentence's end; the positions ``dropped`` already deleted), or its core (what is kept before the piece and
    right after it, up to the next part), holds none: the piece was the clause's main clause or its predicate; or the
    piece takes the rest of its clause, and the words kept after the clause's last "that" or "whether" hold no
    predicate: the piece held the verb of the clause the complementizer opened."""
    n = len(source)
    clause_start = _last_index(source[:start], ";") + 1
    clause_end = _clause_end(source, end, body_end)
    piece = [word for word in source[start:end] if word not in BOUNDARIES]
    if not has_predicate(" ".join(piece)):
        return False
    kept = [source[i] for i in range(clause_start, clause_end) if not start <= i < end and i not in dropped]
    # the clause's core: what is kept before the piece, and the part after it (past the comma that closes the piece's
    # part: "the pairs [, whose structures are known ,] have ..."): "the genomes of the known taxa n . coenophialum [,
    # n . uncinatum and fatg- <dig> contributed gene copies ...] , consistent with hybrid origins ..." has none
    if end < n and source[end] == ",":
        after = range(end + 1, _part_end(source, end + 1))
    elif end < n and source[end] in BOUNDARIES:
        after = range(0)  # a semicolon or a bracket: the core ends with the piece
    else:
        after = range(end, _part_end(source, end))
    core = [source[i] for i in [*range(clause_start, start), *after] if i not in dropped]
    if not all(has_predicate(" ".join(word for word in words if word not in BOUNDARIES)) for words in (kept, core)):
        return True
    # the piece takes the rest of its clause, and with it the verb of the clause after "that" kept before it: "...
    # suggest that zmcct and one of the circadian clock core genes [, zmcca <dig> are important nodes ...] ."
    kept_after = [i for i in range(end, clause_end) if i not in dropped and source[i] not in BOUNDARIES]
    kept_before = [source[i] for i in range(clause_start, start) if i not in dropped]
    opening = max((i for i, word in enumerate(kept_before) if word in COMPLEMENTIZERS and not (
        word == "that" and _is_a_demonstrative_that(kept_before[i - 1] if i else "", kept_before[i + 1:i + 2]))),
        default=-1)
    complement = [word for word in kept_before[opening + 1:] if word not in BOUNDARIES]
    return not kept_after and opening >= 0 and bool(complement) and not has_predicate(" ".join(complement))


# the words before and after a "that" that stands for a noun ("higher than that of sham - operated rats", "similar
# to that in mice"), not a clause's opening
_BEFORE_A_DEMONSTRATIVE_THAT = frozenset({"than", "to", "as", "like", "with", "from"})


def _is_a_demonstrative_that(before: str, after: Sequence[str]) -> bool:
    """Whether a "that" between the word ``before`` and the words ``after`` stands for a noun."""
    return before in _BEFORE_A_DEMONSTRATIVE_THAT or (after[:1] != [] and after[0] in ITEM_PREPOSITIONS)


# the prepositions that open a list's items alike ("by replication , by substitution , and by rearrangement")
ITEM_PREPOSITIONS = PARTICIPLES_PREPOSITIONS | frozenset({"of", "through", "via", "as", "under", "after", "before",
                                                          "during", "without", "between", "among", "within"})


def _opens_as_a_later_closing_item(words: Sequence[str], after: Sequence[str]) -> bool:
    """Whether the part ``words`` opens with a preposition (``ITEM_PREPOSITIONS``) that a coordinator repeats later in
    its clause (``after``, the rest of the clause up to a semicolon): "by substitution" before ", and by the
    coordinated breaking ...", a middle item of the list that the coordinator closes."""
    if not words or words[0] not in ITEM_PREPOSITIONS:
        return False
    return any(word in COORDINATORS and after[i + 1] == words[0] for i, word in enumerate(after[:-1]))


def _closes_a_list_of_quantities(kept_before: Sequence[str], words: Sequence[str]) -> bool:
    """Whether ``words``, the sentence's last part, open with a number and close a list with a coordinator (no
    relative pronoun: "<dig> of which ..." is a clause), while the kept part before them holds a number among its
    last ``MAX_LIST_ITEM`` words: the list's later quantities ("were <dig> times number of passes , <dig> g / l of
    biomass and pulse pressure at <dig> bar"; the lexicon reads "pulse" as a verb, so no test of a predicate)."""
    if not words or not _is_number(words[0]) or COORDINATORS.isdisjoint(words) or not RELATIVE_PRONOUNS.isdisjoint(words):
        return False
    return any(_is_number(word) for word in _last_kept_part(kept_before)[-MAX_LIST_ITEM:])


def _cuts_a_list_of_clauses(kept_before: Sequence[str], piece: Sequence[str]) -> bool:
    """Whether ``piece``, the sentence's last parts after a comma, take the closing item of a list of clauses, a part
    that opens with a coordinator and holds a predicate, while the kept part before them holds a predicate after a
    comma of its own ("... , <dig> patients were positive , six patients were positive for both ... [, six patients
    were ... , and five patients were ...]"): the kept items would be left as a comma splice."""
    parts = comma_parts(piece)
    before = _last_kept_part(kept_before)
    return (any(part[0] in COORDINATORS and has_predicate(" ".join(part)) for part in parts)
            and bool(before) and len(before) < len(kept_before) and kept_before[-len(before) - 1] == ","
            and has_predicate(" ".join(before)))


def _last_kept_part(kept_before: Sequence[str]) -> List[str]:
    """The words of the kept text after its last boundary: the part a deleted part would follow."""
    return list(itertools.takewhile(lambda w: w not in BOUNDARIES, reversed(kept_before)))[::-1]


def _closes_a_list_of_verbs(kept_before: Sequence[str], words: Sequence[str]) -> bool:
    """Whether ``words``, the last part of a sentence, open with a coordinator and a verb, and the kept part before
    them (after its comma) with a verb too: the last item of a list of verbs ("we aim to clone the gene , analyze its
    expression , and prove its function"), whose items before it would be left without their coordinator."""
    before = _last_kept_part(kept_before)
    return (len(words) > 1 and words[0] in COORDINATORS and is_only_a_verb(words[1]) and len(before) < len(kept_before)
            and bool(before) and is_only_a_verb(before[0]))


def _leaves_a_modifier_without_its_noun(kept_before: Sequence[str], words: Sequence[str]) -> bool:
    """Whether the kept word before a part's comma modifies a noun in the part: an adjective the lexicon knows as no
    noun, or a past form after a determiner or a verb ("provides coupled , low - dimensional representations"), and
    the part a noun phrase (no predicate) that opens with an adjective or a noun; or such an adjective right after a
    determiner, whatever the part holds ("a vector species that employs a unique [, robust immune response against an
    invading pathogen is the mosquito ,] armigeres subalbatus": the determiner's noun is in the part)."""
    if not kept_before or not words:
        return False
    # (an adverb before the part's adjective goes with it: "the digitalized , highly sensitive medical data")
    first = next((word for word in words if not _is_an_adverb_in_ly(word)), words[0])
    last, last_classes, opening = kept_before[-1], word_classes(kept_before[-1]), word_classes(first)
    before = kept_before[-2] if len(kept_before) > 1 else None
    if (before in DETERMINERS and "ADJ" in last_classes and "NOUN" not in last_classes
            and bool(opening & {"ADJ", "NOUN"})):
        return True
    if has_predicate(" ".join(words)):
        return False
    modifies = (("ADJ" in last_classes and "NOUN" not in last_classes)
                or last.endswith("ed") and before is not None and (before in DETERMINERS or "VERB" in word_classes(before)))
    return modifies and bool(opening & {"ADJ", "NOUN"})


def _opens_a_present_predicate(words: Sequence[str]) -> bool:
    """Whether ``words`` open with a verb in "s" that the lexicon also knows as a noun ("points", "leads") before a
    preposition, a determiner or "that": a predicate ("points at a compromised system"), not a noun phrase."""
    return (len(words) > 1 and "VERB" in word_classes(words[0])
            and words[1] in PARTICIPLES_PREPOSITIONS | DETERMINERS | COMPLEMENTIZERS)


def _is_a_finite_verb(word: str) -> bool:
    """Whether ``word`` is a finite verb that needs a subject: one the lexicon knows as a verb only (no "-ed" or
    "-ing" form, which may be a participle), or a form in "s" that it knows as a verb too ("makes", "leads"), which
    after a coordinator is read as one."""
    return (is_only_a_verb(word) and not word.endswith(("ed", "ing"))
            or word.endswith("s") and "VERB" in word_classes(word))


def _ends_on_an_infinitive(kept_before: Sequence[str]) -> bool:
    """Whether the kept text before a part ends on "to" and a verb, alone or before one part between commas ("to
    investigate , in the absence of interfering disease variables ,"): a part after it is the verb's object. A word the
    lexicon also knows as a noun makes "to" a preposition ("to date", "from conidia to yeast")."""
    kept_before = list(kept_before)
    while kept_before and kept_before[-1] in BOUNDARIES:  # the part's own comma, when the deletion leaves it
        kept_before.pop()
    ends = [i for i, word in enumerate(kept_before) if word in BOUNDARIES]
    for end in [len(kept_before)] + ends[-1:]:
        if end >= 2 and kept_before[end - 2] == "to" and is_only_a_verb(kept_before[end - 1]):
            return True
    return False


def _sets_a_threshold(words: Sequence[str]) -> bool:
    """Whether ``words`` hold a comparison that sets a threshold (``THRESHOLDS``) before a number: "... greater
    than <dig>", "... > <dig> %", "... at least <dig> reads"."""
    for i in range(len(words)):
        for phrase in THRESHOLDS:
            after = i + len(phrase)
            if tuple(words[i:after]) == phrase and after < len(words) and _is_number(words[after]):
                return True
    return False


# how an adjective the lexicon does not know ends ("immunohistochemical", "phylogenetic", "transgenic")
ADJECTIVE_ENDINGS = ("ic", "al", "ive", "ous", "ary")


def _continues_a_list_of_modifiers(before: str, words: Sequence[str]) -> bool:
    """Whether ``words``, a part after a comma, go on with a list of modifiers that the word ``before`` the comma
    opens: the part opens with an adjective and a coordinator, and ``before`` is an adjective or a word the
    lexicon does not know ("integrating phylogenetic , computational and structural approaches ..."), not a
    noun nor a verb ("... killed the man , shooting and ..."; "-ing" forms have no class). A word the lexicon does
    not know opens the part as an adjective when it ends as one (``ADJECTIVE_ENDINGS``: "our spectroscopic ,
    immunohistochemical and transgenic analyses ...")."""
    opening = words[0] if words else ""
    is_adjective = "ADJ" in word_classes(opening) or not word_classes(opening) and opening.endswith(ADJECTIVE_ENDINGS)
    if len(words) < 3 or words[1] not in COORDINATORS or not is_adjective or not before.isalpha():
        return False
    classes = word_classes(before)
    return not classes or "ADJ" in classes and "VERB" not in classes


def _side_part_commas(source: Sequence[str], start: int, dropped: Collection[int], in_lists: Collection[int]) -> List[int]:
    """The kept commas before ``start`` that may open or close a side part: not those between a list's items
    ("the answer to life , the universe and everything , but when the collider starts up again this month [,
    physicists are planning ...]": the comma after "life" opens no part, so the one after "month" closes the
    "when" clause, and what follows is its main clause)."""
    return [i for i in range(start) if source[i] == "," and i not in dropped
            and i not in in_lists and i + 1 not in in_lists]


def _clause_end(source: Sequence[str], start: int, body_end: int) -> int:
    """Where the clause that holds ``start`` ends: at the next semicolon from ``start``, or the sentence's end."""
    return next((i for i in range(start, body_end) if source[i] == ";"), body_end)


def _holds_in_order(tokens: Sequence[str], phrase: Sequence[str]) -> bool:
    """Whether ``phrase`` occurs in ``tokens`` as consecutive tokens."""
    n = len(phrase)
    return any(list(tokens[i:i + n]) == list(phrase) for i in range(len(tokens) - n + 1))


def side_parts(source: Sequence[str], start: int, end: int) -> List[Tuple[int, int]]:
    """A deleted run cut before each separator inside it (not before its last token: a separator
    that ends the run closes the part before it): the side parts it would remove, in order. A run that
    opens with a semicolon is cut only before the next semicolons: the clause a semicolon opens is one
    part, whose commas set off its own side parts (``clause_bounded`` takes it whole or not at all)."""
    separators = {";"} if source[start] == ";" else SEPARATORS
    cuts = [i for i in range(start + 1, end - 1) if source[i] in separators]
    edges = [start, *cuts, end]
    return list(zip(edges[:-1], edges[1:]))


def tidy_positions(tokens: Sequence[str]) -> List[int]:
    """The positions of ``tokens`` that stay once the punctuation left behind by deletions goes:
    brackets without their partner or with nothing between them, separators at the start, doubled
    (one of two commas stays, neither of two dashes: they set off the part that went), after an
    opening bracket or before the final stop."""
    unmatched, opened = set(), []
    for i, token in enumerate(tokens):
        if token in OPENING_BRACKETS:
            opened.append(i)
        elif token in CLOSING_BRACKETS:
            if opened and tokens[opened[-1]] == OPENING_OF[token]:
                if opened[-1] == i - 1:  # "( )"
                    unmatched.update((i - 1, i))
                opened.pop()
            elif not (token == ")" and i and ENUMERATOR.match(tokens[i - 1])):  # "2 )" labels an item
                unmatched.add(i)
    unmatched.update(opened)
    kept: List[int] = []
    for i in (i for i in range(len(tokens)) if i not in unmatched):
        token = tokens[i]
        if token in DASHES and kept and tokens[kept[-1]] in DASHES:  # "firewall -- [a system] -- has"
            kept.pop()  # the pair of dashes set off the part that went: neither stays
            continue
        if token in SEPARATORS and (not kept or tokens[kept[-1]] in SEPARATORS or tokens[kept[-1]] in OPENING_BRACKETS):
            continue
        if token in FINAL_STOPS or token in CLOSING_BRACKETS:
            while kept and tokens[kept[-1]] in SEPARATORS:
                kept.pop()
        kept.append(i)
    while kept and tokens[kept[-1]] in SEPARATORS:
        kept.pop()
    return kept


def tidy(tokens: Sequence[str]) -> List[str]:
    """``tokens`` without the punctuation that deletions left behind (``tidy_positions``)."""
    return [tokens[i] for i in tidy_positions(tokens)]


def _partners(words: Sequence[str], drop: Collection[int]) -> set:
    """The dashes that set off a dropped part together with the one it took: "firewall -- [a
    massive system --] has" leaves no dash ("firewall has"), nor "firewall [-- a massive system] --
    has". And the commas that set off a dropped part, where the predicate opens after it
    (``_opens_a_predicate``), whichever of them the part took: "buchnera from the pea aphid ,
    [a. pisum] , has ...", "the receptor classification , [which we will compare later ,] is provided
    ..." and "the ideal database , [also manually curated ,] contains ..." leave no comma between
    subject and verb. Only where the first comma opens a side part: the
    commas kept before it, but for the one that closes the sentence's opening phrase, are even in
    number ("the producer , oisin tymon , [36 ,] will ..." keeps the comma that closes "oisin tymon")."""
    partners = set()
    n = len(words)
    for start, end in consecutive_runs(sorted(drop)):
        before, after = start - 1, end
        if before >= 0 and words[before] in DASHES and words[end - 1] in DASHES:
            partners.add(before)
        if after < n and words[after] in DASHES and words[start] in DASHES:
            partners.add(after)
        # the part's commas: its own first and last token, or the kept ones around it
        opening = start if words[start] == "," else before if before >= 0 and words[before] == "," else None
        closing = end - 1 if end - 1 > start and words[end - 1] == "," else after if after < n and words[after] == "," else None
        verb = closing + 1 if closing is not None else n
        if verb < n and words[verb] in PREDICATE_ADVERBS:
            verb += 1  # an adverb before the predicate: "many disorders , [including fatty liver ,] also occur ..."
        if (opening is not None and closing is not None and verb < n
                and _opens_a_predicate(words[verb], words[verb + 1] if verb + 1 < n else "")
                and _opens_a_side_part(words, opening, drop)):
            partners.update((opening, closing))
    return partners


# the adverbs that may stand between a subject's comma and its predicate ("... , also occur in a subclinical form")
PREDICATE_ADVERBS = frozenset({"also", "often", "still", "already", "usually", "always", "further", "thus"})


def _opens_a_predicate(word: str, following: str = "") -> bool:
    """Whether ``word`` opens a sentence's predicate after its subject: an auxiliary (``PREDICATE_STARTERS``),
    a word that can only be a verb ("the ideal database , [also manually curated ,] contains ...":
    ``predicates.is_only_a_verb``), a past form the lexicon knows as a verb ("two papers published in bmc
    bioinformatics , [presenting machine learning methods ,] used their own method ...") or a verb that is a noun
    too, before its object's determiner ("the alternative solution , [employed in cghscan ,] scans each region ...")
    or, but for one in "s", which may be a plural noun that opens a list's next item ("results from"), before a
    preposition ("... when certain gene products , [transcription factors ,] bind to the dna ...")."""
    return (word in PREDICATE_STARTERS or is_only_a_verb(word) or is_a_past_verb(word)
            or "VERB" in word_classes(word)
            and (following in DETERMINERS or not word.endswith("s") and following in PARTICIPLES_PREPOSITIONS))


def _opens_a_side_part(words: Sequence[str], comma: int, drop: Collection[int]) -> bool:
    """Whether the kept comma at ``comma`` opens a side part: the kept commas before it are even in
    number, not counting the first when the sentence opens with an opening phrase, which it closes."""
    kept = [i for i in range(comma) if words[i] == "," and i not in drop]
    if kept and words and _opens_phrase(words[0]):
        kept = kept[1:]
    return len(kept) % 2 == 0


def consecutive_runs(positions: Sequence[int]) -> List[Tuple[int, int]]:
    """Sorted positions -> their maximal runs of consecutive ones, as [start, end) pairs."""
    runs: List[Tuple[int, int]] = []
    for position in positions:
        if runs and runs[-1][1] == position:
            runs[-1] = (runs[-1][0], position + 1)
        else:
            runs.append((position, position + 1))
    return runs


def _kept_positions(sentences: Sequence[Sequence[str]], rewrite: Sequence[str]) -> List[List[int]]:
    """The ``clauses`` rule: per source sentence (a list of tokens), the positions of its tokens
    that the summary keeps once the rewrite's deletions are judged (the module's rule)."""
    # sentence k's tokens are [offsets[k], offsets[k + 1]) of the joined ones
    offsets = list(itertools.accumulate((len(words) for words in sentences), initial=0))
    drops: List[set] = [set() for _ in sentences]  # per sentence, the positions deleted
    for run_start, run_end in deletion_spans([token for words in sentences for token in words], rewrite):
        # a deletion within one source sentence is judged in that sentence; one across sentences is undone
        k = bisect.bisect_right(offsets, run_start) - 1
        if run_end > offsets[k + 1]:
            continue
        for start, end in side_parts(sentences[k], run_start - offsets[k], run_end - offsets[k]):
            if clause_bounded(sentences[k], start, end, drops[k]):
                drops[k].update(range(start, end))
    kept_positions = []
    for words, drop in zip(sentences, drops):
        drop |= _partners(words, drop)
        every = list(range(len(words)))
        remaining = [i for i in every if i not in drop]
        kept = [remaining[j] for j in tidy_positions([words[i] for i in remaining])] if drop else every
        kept_positions.append(kept if any(ch.isalnum() for i in kept for ch in words[i]) else every)
    return kept_positions


def clause_positions(source: Sequence[str], rewrite: Sequence[str]) -> List[int]:
    """The ``clauses`` rule on one source sentence's tokens and its rewrite's: the positions of the
    source tokens the summary sentence keeps, in order (all of them when no deletion stands)."""
    return _kept_positions([list(source)], rewrite)[0]


def project_clauses(source_sentences: Sequence[str], rewritten_sentences: Sequence[str]) -> List[str]:
    """The ``clauses`` rule on normal-form sentences (space-separated tokens): the rewrite of one
    chosen sentence (which may hold several sentences) projected onto it, sentence by sentence."""
    rewrite = [token for sentence in rewritten_sentences for token in sentence.split()]
    sentences = [sentence.split() for sentence in source_sentences]
    projected = [" ".join(words[i] for i in kept) for words, kept in zip(sentences, _kept_positions(sentences, rewrite))]
    return [sentence for sentence in projected if sentence]


# deletion rule name (a decoding preset's ``deletions``) -> (a chosen sentence's tokens, its rewrite's
# tokens) -> the positions of the sentence's tokens the summary sentence keeps; None: the rewrite as
# the decoder wrote it (``any``), which may hold words of its own and so is no subset of the sentence
DELETION_RULES: Dict[str, Optional[Callable[[Sequence[str], Sequence[str]], List[int]]]] = {
    "any": None,
    "clauses": clause_positions,
}


def deletion_rule(name: str) -> Optional[Callable[[Sequence[str], Sequence[str]], List[int]]]:
    """The rule ``DELETION_RULES`` names (None for ``any``); ValueError for a name it does not hold."""
    if name not in DELETION_RULES:
        raise ValueError(f"unknown deletion rule {name!r}; known: {', '.join(DELETION_RULES)}")
    return DELETION_RULES[name]
