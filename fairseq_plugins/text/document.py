"""One text, prepared once: from what a person pastes to what a model reads, and back.

    doc = Document.prepare(article)               # masked=True for a model trained on masked numbers
    pieces, total = doc.source_pieces(sp, 400)    # an abstractive model's source (pieces, before cutting)
    source = doc.extractive_source(sp, 8192)      # an extractive model's source: whole sentences
    written = doc.written(output_pieces, pieces, attention)   # the way back from a model's pieces
    written.sentences                             # what a person reads
    doc.verbatim([0, 4])                          # chosen sentences, as the raw text writes them

Every model, the app, the evaluation harness and data preparation read a text through this
object, so that cleaning happens in one place: ``Document.prepare`` normalizes once
(``normalize.normalize_text``), and every other form is derived from that one result.

- ``normalized``: the normal form (lowercased Penn Treebank tokens).  For a model trained on the
  masked paper data (SumPubMed: numbers ``<dig>``, citations ``<cit>``, other bracketed text
  removed) it is the normal form of the masked text, and ``numbers[k]`` is what the k-th
  ``<dig>`` stands for (``masking.mask``).
- ``sentences``: ``normalize.split_sentences(normalized)``, the sentences Lead-k, the oracle and
  the extractive models choose from.
- ``alignment`` (computed when first needed): each normalized character's raw character, which
  gives each sentence its verbatim raw span (``verbatim``: case, spacing, quotes, and for a masked
  document its real numbers and bracketed text) and the case evidence that ``readable`` writes
  a model's words with.

The way back from a model's pieces (``written``): masked numbers restored from the source
``<dig>`` the decoder attended to (``masking.restore``), pieces decoded, sentences split, a last
sentence that the length limit cut off left out, then cased and detokenized
(``readable.Casing``) with this document's evidence.
"""
import functools
import itertools
import re
from dataclasses import dataclass
from typing import Dict, FrozenSet, List, Optional, Sequence, Set, Tuple

from . import (abbreviations, alignment, deletions, extraction, lost_stops, masking, normalize, pointers, predicates,
               readable)

# Bracketed text at a raw position: what masking removes (masking.mask), so a masked sentence that
# ends before "( ckd )" at a line's end still ends that line ("in chronic kidney disease ( ckd )\n")
_BRACKETS_AHEAD = re.compile(r"(?:[ \t]*(?:\([^()\n]*\)|\[[^\[\]\n]*\]))+")

__all__ = ["Document", "Written", "whole_sentences"]


def whole_sentences(sentences: Sequence[str]) -> Tuple[List[str], bool]:
    """(the sentences without a last one the length limit cut off, whether one was left out); a
    lone sentence is kept even when cut off, so a summary is never emptied."""
    sentences = list(sentences)
    if len(sentences) > 1 and normalize.is_cut_off(sentences[-1]):
        return sentences[:-1], True
    return sentences, False


@dataclass
class Written:
    """A model's output on its way back to a reader."""

    normalized: List[str]  # whole sentences in the normal form, numbers restored: what ROUGE scores
    sentences: List[str]  # what a person reads: cased and detokenized
    numbers_restored: int  # <dig> symbols the model wrote, each given a number of the document
    cut_off_dropped: bool  # the last sentence was cut off by the length limit and is left out


def _has_no_verb(sentence: str) -> bool:
    """A caption or a table's footnote run in as a line of its own (``predicates.has_predicate``)."""
    return not predicates.has_predicate(sentence)


# the tests that tell a masked paper's line in the normal form is no sentence (``Document.non_sentences``);
# papers only: news' photo captions are sentences in the present tense ("froome trains for team sky ..."),
# and the verb test's lexicon reads a paper's lines (in news "to add to welbeck 's return , nani - deemed
# surplus - and pogba scored for their clubs ." would have no verb)
MASKED_LINE_TESTS = (
    _has_no_verb,
    predicates.is_purpose_line,  # "to report a case of ..."
    predicates.is_a_ranked_list_title,  # "top <dig> overrepresented words for the core promoter regions in ..."
    predicates.is_a_title_of_things_and_where_they_are,  # "members of peptidase family a <dig> found in the ..."
    predicates.is_a_comparison_only,  # "compared to the positions in the human genome ."
    predicates.opens_with_a_run_in_heading,  # "mouse data : two microarray data sets ... were defined ."
    # two sentences the data set ran together where it lost a stop with a number, or at a letter's stop
    # the splitter read as an initial ("... eric type b. the other two ..."), or that a writer spliced
    predicates.runs_two_sentences_together,
    predicates.runs_on_after_a_name,  # "... antibody ca3/34-c <dig> | rt - pcr evaluation of a blood sample was ..."
    predicates.runs_on_after_a_closed_list_of_names,  # "... cx <dig> and cx <dig> | cx <dig> and cx <dig> have ..."
    lost_stops.runs_on_at_a_number,  # "... designated as psgg <dig> | mapping of gene set was performed ...", by a model
    predicates.runs_a_heading_into_a_fronted_phrase,  # "symptoms in ... patients | in merely <dig> % of ... , dvt was ..."
    predicates.splices_two_sentences,  # "... in the colonies , however , the level of expression differed ."
    predicates.splices_with_a_comma,  # "the first nine contigs could be oriented , the remaining eight could not ..."
    extraction.describes_a_drawing,  # a legend's line, or the text reading a figure's marks
    predicates.shows_its_subject_here,  # "output of cnvnator is reported here ."
    extraction.opens_with_a_mark,  # "* data obtained by flow - cytometry .", "\u2022 ld plot : ...", ", calculated ..."
    extraction.announces_a_list,  # a line that announces a list the next lines hold
    extraction.cuts_a_list,  # "... for two reasons : first , ..." and no second
    extraction.asks_a_question,  # "what is the function of ftn6 ?"
    extraction.continues_a_sentence,  # "and was significant in the present study ."
    extraction.runs_a_legend_in,  # "... using blast .table <dig> sequenced inserts , ..."
    extraction.runs_on_at_a_glued_stop,  # "... at parental conditions.network view of <dig> putative ..."
    extraction.ends_with_the_next_sentences_pointer,  # "... are shown in figure <dig> in figure <dig>"
    extraction.lists_abbreviations,  # "hmm , hidden - markov model ; fdr , false discovery rate ; ..."
    extraction.lost_a_formula,  # "the exact sankoff algorithm results in o time ."
    extraction.writes_an_index_range,  # "... of chromosome c , c= <dig> ... , c , r= <dig> ... , rc ."
    predicates.opens_with_a_glued_mark,  # "4this gene set was generated by our previous work <cit> ."
    extraction.opens_with_a_label,  # "c. the choice of a logic formalism ...", "step <dig> : generate ..."
    extraction.ends_in_a_stray_bracket,  # "... moving continuously and <dig> ) ."
    extraction.defines_a_symbol,  # "n is the number of communities filtered out ..."
    extraction.lists_one_word_as_its_items,  # "the three mutants constructed are ccp – ccp , and ccp ."
    predicates.names_its_work_only_by_a_citation,  # "in <cit> , we address ...": another work's, once the citation goes
    predicates.needs_its_citation,  # "... studies include <cit> , which ...": "include , which" once the citation goes
    predicates.joins_a_verb_to_no_clause,  # "ssb proteins and are found throughout nature ..."
)


class Document:
    """A raw text and the forms a model reads of it (see the module docstring)."""

    def __init__(self, raw: str, normalized: str, hidden: Optional[masking.Masked] = None):
        self.raw = raw
        self.normalized = normalized
        self.hidden = hidden  # the masked text that was normalized, for a masked document

    @classmethod
    def prepare(cls, raw, masked: bool = False) -> "Document":
        """Anything a person pastes (str; bytes as UTF-8; None as "") -> its Document, normalized
        once; ``masked``: read as the masked paper data (``masking.mask`` first)."""
        raw = normalize._as_text(raw)
        if not masked:
            return cls(raw, normalize.normalize_text(raw))
        hidden = masking.mask(raw)
        return cls(raw, normalize.normalize_text(hidden.text), hidden)

    @property
    def masked(self) -> bool:
        return self.hidden is not None

    @property
    def numbers(self) -> Optional[List[Optional[str]]]:
        """What the k-th ``<dig>`` of a masked document stands for (``masking.Masked``); None when
        it is not masked."""
        return self.hidden.numbers if self.hidden is not None else None

    @functools.cached_property
    def sentences(self) -> List[str]:
        return normalize.split_sentences(self.normalized)

    @functools.cached_property
    def non_sentences(self) -> FrozenSet[int]:
        """Indices of the lines that are not sentences a reader can read: headings, captions'
        titles and panels' legends (``extraction.is_title``: the raw text ends them with no stop, a
        masked paper's opens with a number, or a caption's words open it), the legend lines after a
        caption's title (``extraction.caption_bodies``) and, in a masked paper, a caption's title
        after a line that ends with a figure's name (``extraction.ends_with_figure``), sentences
        the data set cut text out of (``extraction.is_cut``) and lines with no finite verb
        (``predicates.has_predicate``: captions, legends, footnotes) or that state a purpose and no
        clause ("to report a case of ...", ``predicates.is_purpose_line``) or a comparison and no clause ("compared
        to the positions in the human genome .", ``predicates.is_a_comparison_only``) or may be two sentences run
        together where the data set lost a stop ("... of gpr <dig> the effects of ...", "... type b. the
        other ...", ``predicates.runs_two_sentences_together``, "... antibody c <dig> | rt - pcr evaluation
        of a blood sample was ...", ``predicates.runs_on_after_a_name``, or where a model of the words around a
        number finds a lost stop likely, ``lost_stops.runs_on_at_a_number``; or a heading run into a sentence's fronted
        phrase, ``predicates.runs_a_heading_into_a_fronted_phrase``; or spliced at ", however ,",
        ``predicates.splices_two_sentences``, or at a bare comma, ``predicates.splices_with_a_comma``) or
        tell what a figure's drawing shows ("homologs are indicated by gray bars .",
        ``extraction.describes_a_drawing``) or open with a mark, not a word
        (a footnote's, a bullet, a fragment's comma: ``extraction.opens_with_a_mark``) or only announce a
        list the next lines hold ("the pipeline consists of four steps .", ``extraction.announces_a_list``)
        or hold only its first item (``extraction.cuts_a_list``), ask a question (``extraction.asks_a_question``),
        open with "and" (``extraction.continues_a_sentence``), run a legend in after a glued stop
        ("... .table <dig> sequenced inserts ...", ``extraction.runs_a_legend_in``) or the next sentence or a title at a
        stop glued between two words ("... conditions.network view of ...", ``extraction.runs_on_at_a_glued_stop``)
        or end on the next sentence's
        lead phrase ("... are shown in figure <dig> in figure <dig>", ``extraction.ends_with_the_next_sentences_pointer``)
        or list abbreviations
        ("hmm , hidden - markov model ; fdr , ...", ``extraction.lists_abbreviations``), lost a
        complexity bound's formula ("... runs in o time .", ``extraction.lost_a_formula``) or write an index's range
        with an ellipsis ("... c= <dig> ... , c .", ``extraction.writes_an_index_range``) or open with a
        footnote's number glued to a word ("4this gene set ...", ``predicates.opens_with_a_glued_mark``) or
        a panel's or step's label ("c. the choice ...", "step <dig> : ...", ``extraction.opens_with_a_label``) or end
        in a bracket that nothing in them opened ("... and <dig> ) .", ``extraction.ends_in_a_stray_bracket``) or say
        what a removed formula's symbol stands for ("n is the number of ...", ``extraction.defines_a_symbol``) or
        list one word as their items ("... are ccp – ccp , and ccp .", ``extraction.lists_one_word_as_its_items``) or
        name the work they report only by a citation, which a summary leaves out ("in <cit> , we address ...",
        ``predicates.names_its_work_only_by_a_citation``;
        these tests of a line by its normal form alone are ``MASKED_LINE_TESTS``), and in any text the lines that
        hold an equation's encoding (``extraction.is_markup``), say only where something is shown ("the
        results are shown in table <dig> .", ``extraction.points_only``) or how its values are given ("data
        are expressed as mean ± sd .", ``extraction.states_how_values_are_shown``), end on "the" ("... as
        described in the .", ``extraction.ends_on_article``) or hold a number range that lost its dash ("95 % ci
        0.691.93", ``extraction.has_collapsed_range``) or open with a table's title and its
        count ("... ( n = 549 ) duration of ...", ``predicates.runs_a_title_in``) or run two figures'
        panel legends together ("... ( a ) ... ( b ) ... ( a ) ...", ``extraction.restarts_panels``),
        or open with a lone letter next to a line that opens with the letter before or after it (a legend's lettered
        panels, "i an amino acid transporter gene ...", ``extraction.lettered_panels``) or hold a labelled list the
        data set cut into lines ("... in <dig> groups : group <dig> : ... | group <dig> : ...",
        ``extraction.labelled_list_lines``) or a bulleted list's first items, its next items the next lines' ("...
        origins : ▪ intra-subject variability ... ▪ spatial variability ... . | ▪ biological factors ...",
        ``extraction.bulleted_lists_cut_into_lines``) or stand three times or more
        in the text (a convention each figure's legend repeats, "statistics were performed using t test .",
        ``extraction.repeated_lines``),
        and a sentence that the line goes on after with a comma or a semicolon (its stop did not end it, an
        abbreviation's or a quotation's: "... caesalpinioideae dc . | , mimosoideae dc . , and ..."),
        and the second half of a sentence that a line break cut after another sentence on its line ("... . a
        novel systematic approach | was developed that ..."; the first half is a title by the first
        test) or after "et al." ("... by newman et al . | reported that ...", or a misspelled "et. al."
        split after "et.": the first half is a fragment, ``extraction.is_fragment``; the two halves as one
        sentence where the splitter joins them, ``extraction.joins_lines_after_authors``) or after a line
        cut at an article where a formula went ("during the | <formula> | catalytic cycle , ...",
        ``extraction.is_cut_at_an_article``), and in a masked paper a line that repeats another
        after a heading run into it ("co - morbidities in ... patients | of the <dig> patients with dvt , ...",
        ``predicates.headed_copies``). A chooser passes them over
        (``extraction.Selection.choose``)."""
        verbatim = self.verbatim(range(len(self.sentences)))
        line_ends = [self.ends_line(i) for i in range(len(self.sentences))]
        titles = {i for i, (raw, sentence) in enumerate(zip(verbatim, self.sentences))
                  if extraction.is_title(raw, sentence, line_ends[i])}
        markup = {i for i, (raw, sentence) in enumerate(zip(verbatim, self.sentences))
                  if extraction.is_markup(raw) or extraction.is_markup(sentence) or extraction.ends_on_article(raw)
                  or extraction.has_collapsed_range(raw) or extraction.points_only(sentence)
                  or extraction.states_how_values_are_shown(sentence)}
        counted_titles = {i for i, raw in enumerate(verbatim)
                          if predicates.runs_a_title_in(raw) or extraction.restarts_panels(raw)}
        # a line that ends without a stop after a sentence that ended inside it was broken inside its
        # last sentence ("... c - hpp . a novel systematic approach | was developed that ..."): the
        # next line's first sentence is that sentence's second half
        broken = {i + 1 for i, raw in enumerate(verbatim[:-1])
                  if line_ends[i] and (not self.starts_line(i) and not extraction.ends_with_stop(raw)
                                       or extraction.ends_with_authors(raw))}
        # a line cut at an article where a formula went ("during the | <formula> | catalytic cycle , ..."): the
        # sentence goes on in the next line, or in the one after when the next is the formula (a title or markup)
        formulas = titles | markup
        broken |= {i + 2 if i + 2 < len(verbatim) and i + 1 in formulas else i + 1
                   for i, raw in enumerate(verbatim[:-1]) if line_ends[i] and extraction.is_cut_at_an_article(raw)}
        # (the raw span itself: a verbatim sentence has its line breaks as spaces)
        broken |= {i for i, span in enumerate(self._spans)
                   if span is not None and extraction.joins_lines_after_authors(self.raw[span[0]:span[1]])}
        cut: Set[int] = set()
        unsentences: Set[int] = set()
        after_figure: Set[int] = set()
        if self.masked:  # the data set's cuts and caption placement: a masked paper's lines only
            cut = {i for i, raw in enumerate(verbatim) if extraction.is_cut(raw)}
            unsentences = {i for i, sentence in enumerate(self.sentences)
                           if any(test(sentence) for test in MASKED_LINE_TESTS)}
            # (or a figure's name after its stop, which masking removed: "... after harvest.fig.")
            after_figure = {i + 1 for i, raw in enumerate(verbatim)
                            if line_ends[i] and (extraction.ends_with_figure(raw) or self._figure_name_after(i))}
        # a sentence that its stop did not end: the line goes on after it with a comma or a semicolon (an
        # abbreviation's stop, "... three subfamilies , i.e. , caesalpinioideae dc . | , mimosoideae dc . , and ...",
        # "... using sas version 9.4 ( sas inc . | , the relevant ..."; a quotation's "?" or "!" before what goes on
        # after it, "... asking ' what is wrong with you guys ? ' | , which leads to ..."); where the line ends
        # there, what follows is the fragment
        stopped_early = {i for i in range(len(self.sentences) - 1)
                         if self.sentences[i + 1].startswith((", ", "; ")) and not line_ends[i]}
        passed_over = (titles | markup | counted_titles | unsentences | cut | broken | stopped_early
                       | extraction.lettered_panels(self.sentences) | extraction.repeated_lines(self.sentences)
                       | extraction.labelled_list_lines(self.sentences)
                       | extraction.bulleted_lists_cut_into_lines(self.sentences)
                       | set(extraction.caption_bodies(self.sentences, titles, after_figure)))
        if self.masked:  # a passage the article repeats with a heading run in: the copy without it stays
            passed_over |= predicates.headed_copies(self.sentences, passed_over)
        return frozenset(passed_over)

    def ends_line(self, index: int) -> bool:
        """Whether sentence ``index`` ends a line of the raw text (or the text): the data set's lines
        are its sentences, but a sentence that ``normalize.split_sentences`` ends where a masked paper
        lost its stop ("... found in table <dig> | the genomes ranged ...") goes on on the same line,
        so what follows it is no caption put after a figure's name. In a masked document the
        bracketed text, or the figure's name after its stop, that masking removed after the sentence
        counts as its own."""
        span = self._spans[index]
        if span is None:
            return True
        end = span[1]
        if self.masked:  # the sentence's text ends where its bracketed tail, removed by masking, begins
            ahead = _BRACKETS_AHEAD.match(self.raw, end)
            end = ahead.end() if ahead else end
            figure_name = self._figure_name_after(index)  # or a figure's name after its stop
            end = figure_name.end() if figure_name else end
        return self._at_line_edge(end, 1)

    def _figure_name_after(self, index: int) -> Optional[re.Match]:
        """Where a masked paper's sentence ``index`` is followed by the figure's name that masking
        removed after its stop at the line's end (``masking.FIGURE_NAME_AT_LINE_END_RE``)."""
        span = self._spans[index]
        return masking.FIGURE_NAME_AT_LINE_END_RE.match(self.raw, span[1]) if span and self.masked else None

    def starts_line(self, index: int) -> bool:
        """Whether sentence ``index`` opens a line of the raw text (or the text)."""
        span = self._spans[index]
        return span is None or self._at_line_edge(span[0] - 1, -1)

    def _at_line_edge(self, position: int, step: int) -> bool:
        """Whether, from raw character ``position`` on in direction ``step`` (1 forward, -1 back),
        only spaces and tabs come before a line break or the text's edge."""
        while 0 <= position < len(self.raw) and self.raw[position] in " \t":
            position += step
        return not 0 <= position < len(self.raw) or self.raw[position] in "\r\n"

    def lead(self, k: int) -> List[str]:
        """The first k sentences (the Lead-k baseline)."""
        return self.sentences[:k]

    # -- what a model reads --------------------------------------------------------------------

    def source_pieces(self, sp, max_pieces: Optional[int]) -> Tuple[str, int]:
        """(space-joined pieces, cut to ``max_pieces``; the pieces before cutting): an
        abstractive model's source, as ``normalize.prepare_source`` prepared its training data."""
        return normalize.prepare_source(self.normalized, sp, max_pieces, normalized=True)

    def extractive_source(self, sp, max_pieces: Optional[int]) -> extraction.Source:
        """The leading whole sentences that fit in ``max_pieces`` (``extraction.read_source``)."""
        return extraction.read_source(sp, self.sentences, max_pieces)

    # -- the way back ---------------------------------------------------------------------------

    @functools.cached_property
    def alignment(self) -> alignment.Alignment:
        if not self.masked:
            return alignment.align(self.raw, self.normalized)
        # a masked document's normal form is aligned with the masked text it was made from (the
        # two differ only where normalization changed something), then through the masking's
        # own record of where each masked character came from, to the raw text
        inner = alignment.align(self.hidden.text, self.normalized)
        origin = self.hidden.origin
        return alignment.Alignment(self.normalized, self.raw, [origin[i] if i >= 0 else -1 for i in inner.to_raw])

    @functools.cached_property
    def _spans(self) -> List[Optional[Tuple[int, int]]]:
        return [span for _, span in alignment.sentence_spans(self.alignment)]

    def plain(self, indices: Sequence[int], spell_out: bool = False, drop_pointers: bool = False) -> List[str]:
        """Sentences (by index into ``sentences``) in the normal form of what a reader gets: for a
        masked document, the normal form of each verbatim sentence (its numbers and bracketed text
        back: one more normalization a chosen sentence, for scoring); otherwise the sentences as
        they are (a verbatim sentence normalizes back to its sentence). ``spell_out`` and
        ``drop_pointers`` as ``verbatim`` edits: a sentence it changes is normalized again, the others
        are as without."""
        if spell_out or drop_pointers:
            as_written = self.verbatim(indices)
            edited = self.edited(as_written, spell_out, drop_pointers)
            return [plain if new == old else normalize.normalize_text(new)
                    for plain, new, old in zip(self.plain(indices), edited, as_written)]
        if not self.masked:
            return [self.sentences[i] for i in indices]
        return [normalize.normalize_text(sentence) for sentence in self.verbatim(indices)]

    def plain_part(self, index: int, kept: Sequence[int]) -> str:
        """Sentence ``index`` with only its tokens at the positions ``kept`` (a rewrite that deletes
        side parts, ``text.deletions``), in the normal form of what a reader gets, as ``plain`` gives
        the whole sentence: for a masked document each run of consecutive kept tokens is taken from
        the raw text it came from (a kept ``<dig>`` is the article's number at that place, "107-fold"
        is tokenized as the article's own sentences are) and the runs are normalized together."""
        tokens = self.sentences[index].split()
        kept = sorted(set(kept))
        if kept and not 0 <= kept[0] <= kept[-1] < len(tokens):
            raise ValueError(f"positions {kept} outside sentence {index}'s {len(tokens)} tokens")
        if not self.masked:
            return " ".join(tokens[j] for j in kept)
        if len(kept) == len(tokens):
            return self.plain([index])[0]
        sentence_start = self._offsets[index][1]
        token_starts = list(itertools.accumulate((len(token) + 1 for token in tokens), initial=sentence_start))
        sentence_span = self._spans[index]
        runs = []
        for first, end in deletions.consecutive_runs(kept):
            last = end - 1
            span = self.alignment.raw_span(token_starts[first], token_starts[last] + len(tokens[last]))
            if span is None or sentence_span is None:
                runs.append(" ".join(tokens[first:last + 1]))
                continue
            # a run at the sentence's edge reaches as far as the sentence's own raw span (a closing quote)
            start = sentence_span[0] if first == 0 else span[0]
            end = sentence_span[1] if last == len(tokens) - 1 else span[1]
            runs.append(" ".join(self.raw[start:end].split()))
        return normalize.normalize_text(" ".join(runs))

    @functools.cached_property
    def _offsets(self) -> List[Tuple[str, int, int]]:
        return alignment.sentence_offsets(self.normalized)

    def verbatim(self, indices: Sequence[int], spell_out: bool = False, drop_pointers: bool = False) -> List[str]:
        """Sentences (by index into ``sentences``) as the raw text writes them, on one line (a line
        break or a run of spaces inside a sentence, as a pasted PDF has them, becomes one space, and
        none after a word's hyphen at a line's end); a sentence with no raw counterpart in its
        normalized form. The edits for a reader (``edited``):
        ``spell_out``, an abbreviation the text defines written out where these sentences first use
        it; ``drop_pointers``, pointers to figures, tables and references left out."""
        out = []
        for i in indices:
            span = self._spans[i]
            if span:
                raw = normalize.HYPHEN_LINE_BREAK_RE.sub("-", self.raw[span[0]:span[1]])  # "long-\ntreated"
                out.append(" ".join(raw.split()))
            else:
                out.append(self.sentences[i])
        return self.edited(out, spell_out, drop_pointers)

    def edited(self, summary: Sequence[str], spell_out: bool = False, drop_pointers: bool = False,
               normal_form: bool = False) -> List[str]:
        """A summary's sentences (this text's, raw or, with ``normal_form``, in the normal form)
        edited for a reader: pointers to the figures, tables and references a summary does not carry
        left out (``pointers.drop_pointers``, with this text's ways of citing), then abbreviations the
        text defines written out at their first use (``abbreviations.spell_out``)."""
        summary = list(summary)
        if drop_pointers:
            summary = pointers.without_pointers(summary, self.cites_in_round_brackets, self.glued_citations)
        if spell_out:
            defined = self.normal_abbreviations if normal_form else self.defined_abbreviations
            summary = abbreviations.spell_out(summary, defined, normal_form=normal_form)
        return summary

    @functools.cached_property
    def cites_in_round_brackets(self) -> bool:
        """Whether the text cites by numbers in round brackets (``pointers.cites_in_round_brackets``)."""
        return pointers.cites_in_round_brackets(self.raw)

    @functools.cached_property
    def glued_citations(self) -> Optional[FrozenSet[str]]:
        """The text's citations flattened onto a word as one number ("renal810"), or None where it
        flattens none (``pointers.glued_citations``)."""
        return pointers.glued_citations(self.raw)

    @functools.cached_property
    def defined_abbreviations(self) -> Dict[str, str]:
        """{short form: long form} that the raw text defines ("tumor necrosis factor (TNF)")."""
        return abbreviations.definitions(self.raw)

    @functools.cached_property
    def normal_abbreviations(self) -> Dict[str, str]:
        """``defined_abbreviations`` in the normal form, for a summary written in it (a rewriter's)."""
        return abbreviations.in_normal_form(self.defined_abbreviations)

    @functools.cached_property
    def casing(self) -> readable.Casing:
        tokens = alignment.tokens_in_case(self.alignment, readable.CASE_EVIDENCE_CHARS)
        return readable.Casing(tokens, self.raw)

    def readable(self, sentences: Sequence[str]) -> List[str]:
        """Normalized sentences (a model's) -> what a person reads, cased as this text writes its
        words (``readable.readable``)."""
        return self.casing.readable(sentences)

    def restored(self, output_pieces: str, source_pieces: str, attention=None) -> List[str]:
        """A model's output pieces (space-joined, without ``</s>``) -> its sentences in the normal
        form, a masked document's numbers put back.  ``source_pieces``: what the model read
        (``source_pieces``); ``attention``: the decoder's alignment, source positions x output
        positions (fairseq's ``hypo["attention"]``), which tells the numbers apart."""
        output = output_pieces.split()
        if self.masked:
            output = masking.restore(output, source_pieces.split(), self.numbers, attention)
        return self.decoded(output)

    def decoded(self, pieces: Sequence[str]) -> List[str]:
        """Output pieces whose numbers are already put back (``restored``; the rewriter's segments,
        ``rewriting.restore_segments``) -> its sentences in the normal form."""
        decoded = normalize.decode_pieces(" ".join(pieces))
        return normalize.unjoin(masking.unpad(decoded) if self.masked else decoded)

    def written(self, output_pieces: str, source_pieces: str, attention=None) -> Written:
        """A model's output pieces -> whole sentences a person reads (``restored``, a last sentence
        that the length limit cut off left out, cased and detokenized)."""
        restored = masking.count_number_symbols(output_pieces.split()) if self.masked else 0
        sentences, dropped = whole_sentences(self.restored(output_pieces, source_pieces, attention))
        return Written(sentences, self.readable(sentences), restored, dropped)
