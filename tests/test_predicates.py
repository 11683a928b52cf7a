"""A paper's lines with no finite verb (captions, legends, a table's footnotes) are no sentences."""
from fairseq_plugins.text import extraction, predicates
from fairseq_plugins.text.document import Document

CAPTIONS = [
    "histopathologic findings of kidney biopsy at the previous hospital at the time of onset of idiopathic "
    "membranous nephropathy ( mn ) .",
    "* significantly different from the low - fat counterpart ; significantly different from high - fat control .",
    "number of implantations in the test animals ; resorption index = ( total number of resorption sites ) <dig> .",
    "hydrogen - bonding interactions ( -- - ) for 2emd ( top ) and a5 ( bottom ) chromophore .",
    "the spectral distribution of the uv - b unit used for treatments during the growth phase .",  # a participle
    "platelet count and serum ferritin changes before and after erythropoietin and deferasirox .",
    "axial contrast - enhanced ct showing tumour arising from the lesser curvature of the stomach .",  # a compound
    # a title's opening, then a participle that can only be a verb
    "summary of the composition of <dig> bare fept bimetallic nanoparticles extracted from a synthesis .",
    "identification of genes regulated by the ja signalling pathway .",
    "comparison of vbcs performed by observers with varying experience .",
    "up - regulated biomarkers predictive of cardiac injury .",  # a compound a prefix makes, opening the line
]
SENTENCES = [
    "the patients had a mean age of <dig> years .",  # a word of a clause
    "coenzyme q10 supplementation reduced muscle symptoms in <dig> % of patients .",  # only a verb
    "the study groups consisted of <dig> cases of melanocytic nevi .",
    "here , the author reports the isolation of a novel anaerobic fungus .",  # a verb, then its object
    "interleukin - 6 plays an important role in the pathogenesis of sarcopenia .",
    "pulse treatment increased insulin secretion at basal glucose concentrations .",  # a past form, then no preposition
    "patients with rcc metastatic to the bladder typically present with gross hematuria .",  # after an adverb
    "the patients self - reported a total of <dig> cardiac events .",  # a verb with its prefix
    "the cells up - regulated <dig> genes of the pathway .",
    # an intransitive verb and its preposition after a noun that opens no title
    "viability of the remaining cells after <dig> hrs ranged from 90 – 95 % .",
    "the patient presented with pain in the right flank .",
]


def paper_with(*lines):
    """A paper with ``lines`` between two plain sentences: they are its lines 1 to ``len(lines)``."""
    return "\n".join(["The patients had a mean age of 54 years.", *lines, "Pulse treatment increased insulin secretion."])


def tells_apart(test, hits, misses):
    """``test`` holds for every line of ``hits`` and for none of ``misses``."""
    for line in hits:
        assert test(line), line
    for line in misses:
        assert not test(line), line


def test_lines_without_a_finite_verb_are_told_from_sentences():
    for line in CAPTIONS:
        assert not predicates.has_predicate(line), line
    for sentence in SENTENCES:
        assert predicates.has_predicate(sentence), sentence
    # a bracket's verb is not the line's, nor is an "-ing" form
    assert not predicates.has_predicate("expression of the receptor ( it was low ) in the cells .")
    assert not predicates.has_predicate("cells expressing the receptor in the cortex .")
    # a drawing's title after "a", whose gerund is no verb; not a sentence that "a number of" or another noun opens
    assert not predicates.has_predicate("a flow chart of the established protocol and methods for sorting the b - cell "
                                        "subsets in different tissue .")
    assert not predicates.has_predicate("a schematic representation of the pathway regulated by the kinase .")
    # a title's item: a past form after its colon or comma qualifies the item's noun
    assert not predicates.has_predicate("summary of anovas testing for the effects of the treatments on four "
                                        "parameters : paired testes mass , epididymal sperm count and daily sperm "
                                        "production .")
    for sentence in ("a flow chart of the protocol is given in figure <dig> .",
                     "summary of the results : treated mice gained weight .",
                     "a number of matreshkas mapped to alternative , frameshifted splice variants .",
                     "a deep analysis of the transcriptome led to the discovery of a <dig> -gene profile .",
                     "the effect of the drug depended on the dose ."):
        assert predicates.has_predicate(sentence), sentence


def test_a_verb_of_change_before_a_ranges_two_ends_is_finite():
    """A past form the lexicon also reads as an adjective ("varied", "increased") before "from" is a participle,
    unless a range's "to" follows: then it is the clause's verb."""
    for sentence in ("the range of changes to localizations of mutations varied from one to five .",
                     "serum levels increased from <dig> % in controls to <dig> % after treatment ."):
        assert predicates.has_predicate(sentence), sentence
        assert not predicates.has_predicate(sentence.replace(" to ", " and ")), sentence
    # a run-on whose second sentence's verb is such a verb
    assert predicates.runs_two_sentences_together(
        "the numbers varied widely , with <dig> of <dig> having the correct prediction for <dig> proteins out of "
        "<dig> the range of changes to localizations of mutations varied from one to five .")


def test_a_masked_paper_passes_over_its_lines_without_a_verb():
    """Only a masked paper's lines: news' photo captions are sentences in the present tense whose
    verbs the lexicon also reads as nouns ("froome trains for team sky ...")."""
    paper = paper_with(CAPTIONS[0])
    assert Document.prepare(paper, masked=True).non_sentences == {1}
    assert Document.prepare(paper).non_sentences == frozenset()


def test_an_equations_latex_source_is_no_sentence():
    assert extraction.is_markup(r"\documentclass { minimal } \usepackage { amsmath } \usepackage { wasysym }")
    assert extraction.is_markup(r"r \\ \dot p & = - c , \\ \dot c & = c , \end { array } \right .")
    assert not extraction.is_markup(r"the path was c:\data on the server .")


def test_a_run_in_heading_before_a_clause_is_no_sentence():
    """A few content words and their colon before a clause are a methods' heading or a legend's key run in; a colon
    that joins names, opens a list or follows a clause stays."""
    for line in ("mouse data : two microarray data sets , namely the learning data set and the validation data set , "
                 "were defined .", "data processing : all fids were multiplied by an exponential function ."):
        assert predicates.opens_with_a_run_in_heading(line), line
    for line in ("while bd : yab <dig> constructs produced no luciferase activity .",
                 "seven primer pairs : im <dig> and im <dig> were used to genotype all adults .",
                 "mirna : mrna specific interactions often differ between cell types .",
                 "the promoter : cgfp expression patterns were analyzed in the female gametophyte .",
                 "we found two groups : the first was large .", "sample size : <dig> ."):
        assert not predicates.opens_with_a_run_in_heading(line), line
    paper = paper_with("Mouse data: two microarray data sets were defined.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_a_titles_past_form_after_its_preposition_is_no_verb():
    assert not predicates.has_predicate("overview of collected samples from a. annua .")
    assert predicates.has_predicate("analysis of selected genes revealed that the levels were high .")
    # a title's adjective in -ed before its noun, and a title's head after a hyphenated modifier
    title = ("qrt - pcr results of <dig> immune and inflammatory response related genes in kidney tissues from ibv - "
             "infected chickens compared to those of control chickens .")
    assert not predicates.has_predicate(title)
    assert predicates.has_predicate(title.replace("qrt - pcr results", "the results"))  # a subject and its verb
    assert predicates.has_predicate("qrt - pcr results of the assay revealed related genes in the tissue .")


def test_a_web_pages_script_entry_is_no_sentence():
    """A scraped news article's page script, its title among the entries, passed over in any text; a quotation
    before a colon is a caption's or a sentence's."""
    script = ("by . nelson groom . var twittervia = ' mailonline ' ; . dm.has ( ' sharelinktop ' , { . ' id ' : "
              "' 2994562 ' , . ' title ' : ' woman lifts her pet crocodile into the bath ' , . ' ischannel ' : "
              "false , . ' anchor ' : ' tl ' } ) ; . getting children into the bath is an age old hurdle for parents . "
              "but a new video suggests the challenge is faced by reptile owners , too .")
    document = Document.prepare(script)
    entries = [i for i, sentence in enumerate(document.sentences) if sentence.startswith(("' id '", "' title '"))]
    assert len(entries) == 2 and set(entries) <= document.non_sentences
    assert extraction.is_markup("'ischannel': false,")
    for sentence in ("' amazing ' : ' the view was stunning ' , he said .",
                     "' indestructible ' : wet wipes branded as ' flushable ' have been clogging up the system ."):
        assert not extraction.is_markup(sentence), sentence
    assert "getting children into the bath is an age old hurdle for parents ." in [
        s for i, s in enumerate(document.sentences) if i not in document.non_sentences]


def test_a_legend_that_marks_what_a_figure_shows_has_no_predicate_in_its_participle():
    legends = ["calcium pyrophosphate deposition disease demonstrated by deposits of microcrystals in the menisci "
               "( arrow ) , articular cartilage ( arrowhead ) , and soft tissue ( curved arrow ) .",
               "paget 's disease affecting the iliac bone demonstrated with coarsening of the trabeculae ( arrows ) ."]
    for legend in legends:
        assert not predicates.has_predicate(legend), legend
        assert predicates.has_predicate(legend.replace(" ( arrow )", "").replace(" ( arrows )", "")
                                        .replace("disease demonstrated", "disease was demonstrated")), legend
    assert predicates.has_predicate("the ct demonstrated a mass in the liver ( arrow ) .")  # its object follows


def test_a_purpose_line_without_a_clause_is_no_sentence():
    """An abstract's "to report a case of ..." has no main clause; "to" and a verb before a clause
    ("to determine the parameters , we used ...") or after a subject's verb is a sentence."""
    for line in ("to report a case of inadvertent anterior chamber and cornea stromal injection .",
                 "to determine the prevalence of premenstrual cyclic symptoms in women who attended the clinic .",
                 "to determine whether the drug works in the elderly .",
                 "to assess the level of knowledge of degree college female students on bse ."):
        assert predicates.is_purpose_line(line), line
    assert predicates.is_purpose_line("first , to develop a simple dynamic model of the heart .")  # a counted aim
    assert not predicates.is_purpose_line("first , to determine the parameters , we used a two - substrate model .")
    for sentence in ("to determine the kinetic parameters , we used a two - substrate model .",
                     "to date , no trial has compared the two drugs .",
                     "to find out which cells express jam - a we used markers for neurons .",
                     "we want to determine the prevalence of symptoms .",
                     "to the best of our knowledge this is the first report ."):
        assert not predicates.is_purpose_line(sentence), sentence
    document = Document.prepare("To report a case of inadvertent injection with antibiotics.\n"
                                "A 60-year-old woman underwent cataract surgery.\n", masked=True)
    assert len(document.sentences) == 2 and document.non_sentences == {0}
    # a paper's test (its lexicon reads a paper's lines): news keeps its sentences
    news = Document.prepare("To add to Welbeck's return, Nani - deemed surplus - and Pogba scored for their clubs.\n"
                            "The striker was delighted.\n")
    assert predicates.is_purpose_line(news.sentences[0]) and news.non_sentences == frozenset()


def test_a_ranked_lists_title_is_no_sentence():
    """"top <dig> overrepresented words for ..." titles a table of the highest ranked things; a line that opens the
    same way with a finite verb or a past form after its noun is a sentence."""
    titles = ["top <dig> overrepresented words for the core promoter regions in arabidopsis thaliana .",
              "the top <dig> kegg pathways with the most associated sequences ."]
    assert all(predicates.has_predicate(title) for title in titles)  # the verb test alone lets them through
    tells_apart(predicates.is_a_ranked_list_title, titles,
                ["the top <dig> domains contained protein kinases and repeats .",
                 "the top <dig> hits were aligned using clustalx .",
                 "top <dig> variables were also plotted at <dig> % relative abundance .",
                 "the <dig> overrepresented words for the core promoter regions ."])
    document = Document.prepare("Top 10 overrepresented words for the core promoter regions in Arabidopsis thaliana\n"
                                "The words were counted in every promoter.\n", masked=True)
    assert len(document.sentences) == 2 and document.non_sentences == {0}


def test_a_title_that_names_things_by_where_they_were_found_is_no_sentence():
    """"members of ... found in the proteomes derived from completely sequenced bacterial genomes ." titles a table: a
    plural noun and "of", and only past forms that qualify its nouns; a line that opens the same way with a verb of its
    own, a singular noun or a past form after a subject is a sentence. Read as a title, "found" before its preposition
    and a past form after an adverb inside a noun phrase qualify a noun."""
    title = ("members of peptidase family a <dig> found in the proteomes derived from completely sequenced bacterial "
             "genomes .")
    assert predicates.has_predicate(title)  # the verb test alone lets it through
    tells_apart(predicates.is_a_title_of_things_and_where_they_are,
                [title, "locations of the tsss identified for the three genes .",
                 "names of the examined species in alphabetical order , the source and the version ."],
                ["lengths of the condensed heterochromatin knobs varied among the chromosomes <cit> .",
                 "loss of atg <dig> results in impaired white adipose tissue development in mice <cit> .",
                 "observations of blood flow decreases during tasks initially aided discovery of a network <cit> .",
                 "members of families ce <dig> and ce <dig> possessed maximum number of genes for esterases .",
                 "evaluations of similarity measures used private , institution - specific corpora of notes <cit> ."])
    assert not predicates.has_predicate("comparison of the genes found in the proteomes of the strains .")
    assert not predicates.has_predicate("comparison of the genes from completely sequenced bacterial genomes .")
    assert predicates.has_predicate("the genes were found in the proteomes of completely sequenced genomes .")
    # modifiers before the plural noun, and an irregular past form after an adverb inside a noun phrase
    parameters = ("basic graph parameters of the reconstructed core metabolic networks , the randomly shrunk "
                  "networks , and the reference network of all core metabolic reactions .")
    tells_apart(predicates.is_a_title_of_things_and_where_they_are, [parameters],
                ["basic graph parameters of the networks shrunk the noise .",
                 "the graph parameters of the networks were compared .",
                 "cells expressing parameters of the reconstructed networks ."])


def test_a_tables_title_with_its_count_run_into_a_sentence_is_no_sentence():
    """"place of detection of venous thromboembolism ( n = 549 ) duration of hospitalization ...": a
    title that ends with its count and a new clause after it; a title that is the subject of its verb
    or of a relative clause, and a fronted phrase before a main clause, are sentences."""
    titles = ["place of detection of venous thromboembolism ( n = 549 ) duration of hospitalization after diagnosis .",
              "diagnosis of venous thromboembolism during the postoperative period ( n=81 ) the most common ( 73% ) "
              "symptom was swelling of the limb .",
              # the next sentence opens with a fronted phrase
              "offspring status in maternal retrospective cases ( n = 227 ) of the 2246 maternal prospective cases , "
              "1383 with known pregnancy outcome resulted in 978 deliveries .",
              # a past form before its preposition qualifies the title's noun
              "venous thromboembolism patients referred from different medical specialties ( n=434 ) the demographic "
              "characteristics of the patients are mentioned in table 2 ."]
    sentences = ["iron - deficient patients treated with ferric carboxymaltose alone ( n = 233 ) had a median of 1 .",
                 "the remaining women ( n = 23,841 ) who had other mechanisms of injury served as the control group .",
                 "in group a ( n = 20 ) the mean age was 54 years .",
                 "mau was present in 26 % ( n = 47 ) of cuban americans with t2d .",
                 # a quantity's count is followed by what it counts; a phrase with no comma fronts nothing
                 "three percent ( n = 300 ) of the letters , all of them old , were returned .",
                 "operated adults ( n = 93 ) of the first cohort had sustained seizure freedom .",
                 "place of detection of venous thromboembolism was the ward ."]
    for title in titles:
        assert predicates.runs_a_title_in(title), title
    for sentence in sentences:
        assert not predicates.runs_a_title_in(sentence), sentence
    document = Document.prepare("The first sentence is whole and long enough.\n" + titles[0] + "\n" + sentences[0] + "\n",
                                masked=True)
    assert len(document.sentences) == 3 and document.non_sentences == {1}


# sentences a data set ran together where it lost a stop with a number (SumPubMed's papers)
RUN_ON = [
    # a lead phrase, then a subject with no determiner
    "butyl sepharose <dig> ff was chosen for the purification of p <dig> for the selected material , gradient "
    "elution conditions were examined in more detail .",
    "the biomarkers were found for the compound pcb <dig> from these genomic biomarkers , time - independent hepatic "
    "gene expression signatures were constructed .",
    # a lead phrase with a species' initial before its comma
    "a similar map was obtained with b. cepacia and the symbionts b. ccge <dig> which were the most similar species "
    "in the bbh analyses , in addition to b.phymatum stm <dig> in b. phenoliruptrix , it was found a transposase .",
    "the ccs <dig> gene encodes the specific copper chaperone delivering the copper to sod <dig> the ctr <dig> gene is "
    "coding for a high affinity copper transporter of the plasma membrane .",
    "the same trend is observed for both atom set <dig> and <dig> it is interesting to note that the accuracy increases .",
    "the corpus we have used was last updated in the spring of <dig> the currently available one is larger .",
    "the number of pairs per experiment varies from <dig> to <dig> in order to evaluate the performance we have "
    "measured coverage .",
    "the majority of the strains belonged to the related mlva types <dig> and <dig> most of the strains of mlva type "
    "<dig> had the ptxp <dig> allele .",
    # a lead phrase and its comma after the number
    "it produced less biofilm than did the mutant e. faecalis 10d <dig> as expected , all strains produced biofilm in "
    "medium containing glucose .",
    "each pattern is similar to day <dig> on the other hand , each time - point has unique genes .",
    # a connective, with or without its comma, or the purpose of the next experiment after the number
    "the kinase cascade includes pi3k and akt <dig> on the other hand , pten phosphatase inhibits this signaling .",
    "the viral protein blocks the processing of mir <dig> as a result , low levels of mir <dig> were found .",
    "the number of selected markers decreased from <dig> to <dig> at the same time the proportion of markers increased .",
    "the phosphorylation is carried out by erk , jnk or p <dig> to test whether active forms of elk- <dig> could be "
    "detected , we used antibodies .",
    # a purpose phrase, its comma and a clause
    "interestingly , the only two skewed markers were grouped in g <dig> to avoid using too few markers for a "
    "framework construction , all the skewed markers were included in the first step .",
    "the probes spanned the residues <dig> – <dig> to avoid the repeated region , all the primers were designed "
    "again .",  # after a range's number
    # a sentence adverb before its comma or a subject, a count's sentence
    "the number of mirna families was raised from <dig> to <dig> moreover we also found new members .",
    "the number of mirna families was raised from <dig> to <dig> in <dig> moreover , only one family was lost .",
    "the libraries were sequenced using illumina hiseq <dig> a total of <dig> reads were generated for each sample .",
    # a letter's stop read as an initial
    "the reference bacterium arthrobacter sp. sd <dig> also belonged to eric type b. the other two eric types were "
    "represented by seven isolates .",
    # ... and before an indefinite article, which no species' name is
    "a feasible match is a match where the read aligns with distance ≤ k. a best match is a feasible match that has "
    "the smallest distance of all feasible matches .",
]
ONE_SENTENCE = [
    "as shown in figure <dig> the negative correlations cover <dig> % of the significant pairs .",  # a fronted phrase
    "on day <dig> the cells were harvested and washed twice .",  # too short a clause before the number
    "previously , we found that mmp- <dig> a matrix metalloproteinase , was induced by m - csf .",  # an apposition
    "the analysis used the top <dig> most abundant genera and clustered them by dietary treatment .",
    "peptides similar to par- <dig> such as sligrl are able to interact directly with the activation site .",
    "the cells were grown to <dig> the density of the stock culture .",  # no verb of its own after the number
    "the two enzymes were purified and stored at <dig> °c until the assays were run .",  # no opener after it
    # a lead phrase that is no sentence's: a subordinator's, a noun's
    "for ls , the aulc ranged from <dig> to <dig> whereas for ps , it ranged from <dig> to <dig> .",
    "we searched for <dig> different gene sequences , all of which were found within our transcriptome .",
    "the strains of e. coli , the species we grew , were kept at <dig> °c .",  # an initial before its species
    # a connective's words going on inside the sentence, a purpose with no question
    "the kinase binds the domain of sh <dig> in addition to its other partners in the cell .",
    "the mutant lacked exon <dig> as a result of alternative splicing in the liver .",
    "the variants were sequenced in clone <dig> to test the primers before the main run .",
    "the values ranged from <dig> to <dig> however large the sample was .",  # an adverb of degree, no sentence's
    # a purpose phrase inside a fronted phrase, before the main clause's comma; a relative clause after its comma
    "in addition , by raising the threshold to <dig> to obtain the recall value of <dig> % , the method achieved much "
    "higher precision than bips .",
    "after imposing a threshold of <dig> to identify hubs with the largest differences , a total of <dig> transcripts "
    "passed that threshold .",
    "the coding region was fused to the dna - binding domain of gal <dig> to generate a fusion plasmid , which was "
    "transformed into yeast .",
    # ... or after a subordinator's clause that it goes on, or after an item's label
    "it has been observed that if the force is kept at a level of <dig> - <dig> to keep the embryos apart , the "
    "embryos will not be fully segmented .",
    "the major objectives for the software were , <dig> to create a simple interface to the algorithms , <dig> to "
    "provide automated algorithms .",
    # a purpose phrase has no clause of its own to end
    "to determine the effect of bvt <dig> in cells , human primary adipose cells were treated with the compound .",
]


def test_two_sentences_run_together_at_a_number_are_told_from_one():
    for sentence in RUN_ON:
        assert predicates.runs_two_sentences_together(sentence), sentence
    for sentence in ONE_SENTENCE:
        assert not predicates.runs_two_sentences_together(sentence), sentence
    # ... and at an abbreviation's stop that also ended a sentence
    tells_apart(predicates.runs_two_sentences_together,
                ["tortoises with high epg values were also positive to salmonella spp. it is well known that "
                 "parasites may be affected by cytokines .",
                 "filarial nematodes infect a billion people , causing river blindness , elephantiasis , etc. in "
                 "agriculture , the losses caused by parasites are great ."],
                ["isolates of salmonella spp. and e. coli were tested for resistance to all the antibiotics .",
                 "as examples , pseudomonas aeruginosa and synechocystis sp. all have multiple chemotaxis - like "
                 "operons ."])
    # ... at a unit's stop after a number, which the normal form keeps as it keeps an initial's, before a word
    # (not a species' name)
    tells_apart(predicates.runs_two_sentences_together,
                ["the fragment became the only discernable band by <dig> h. sequence analysis showed that the most common "
                 "pattern was e <dig> .",
                 "the beads were incubated for <dig> h. after repeated washing , the conjugate was added .",
                 "the samples were stored at <dig> °c for <dig> h. <dig> to <dig> ml of each sample was stained with "
                 "dapi ."],
                ["this work analyzed the dna and protein profiles of <dig> h. parasuis reference and field isolates .",
                 "the strains shared <dig> d. discoideum genes with p. pallidum ."])
    # ... and before "we": after a letter's stop, or after a clause whose pronoun subject and verb came before the
    # number; not after a phrase fronted without its comma, nor after a fronted clause's subject
    tells_apart(predicates.runs_two_sentences_together,
                ["we ran the clustering over a range of γ. we adopted the same method as above .",
                 "from figure <dig> it is apparent that s. lividans <dig> shares most of its genome with s. coelicolor a <dig> "
                 "we have identified <dig> probe differences between the strains ."],
                ["to investigate the cellular functions of sox <dig> we have developed a one - step purification method .",
                 "in figure <dig> we show that the spectral features of the protein differ .",
                 "when we examined the snp data for snps reported as protective against hiv- <dig> we found that they differ .",
                 "to determine whether there is preferential pairing within q <dig> we examined linkage of each marker ."])
    # ... before a fronted phrase and its comma after a letter's stop (after a number it goes on the sentence), and
    # before "as expected ,", "surprisingly ," or a quantity's "more than" after a number
    tells_apart(predicates.runs_two_sentences_together,
                ["complex forms are present in sections iv and v. in eukaryotes , multicellular complexity is seen in "
                 "animals with many cell types .",
                 "we performed qpcr experiments with primers specific for cle <dig> as expected , expression of cle <dig> "
                 "in stems was specific to the phloem .",
                 "the genes were strongly suppressed in cj <dig> surprisingly , the most variable genes were not located "
                 "on chromosome <dig> .",
                 "an overview of the purification is provided in table <dig> more than <dig> % of the proteins were purified ."],
                ["the in vivo studies do not exclude a role for pit <dig> in normal bone formation , although they "
                 "imply that pit <dig> is required .",
                 "the concentration in the lung is between <dig> to <dig> mm , and in the blood it is higher .",
                 "the band of strain v. in this case , the only one , was weak .",  # no predicate after the comma
                 "the expression rose by <dig> more than in the controls ."])  # a comparison: no predicate after
    # ... before a lead phrase and its comma whose clause opens with a number (not a list's next item), a comparison
    # with other work and its comma however long, or "as", a phrase and its comma before "we" after a clause
    tells_apart(predicates.runs_two_sentences_together,
                ["the number of genes in each group is listed in table <dig> on average , <dig> % of significantly bound "
                 "genes are identified as targets .",
                 "we sequenced the viromes present in each subject 's saliva on day <dig> and week <dig> similar to our "
                 "previous studies <cit> , the proportion of spacers matching virome reads was low .",
                 "there was only one annotated gene in u <dig> not in c <dig> as none of these annotated groups of genes "
                 "had pairwise constraints , we could not detect any direct effect .",
                 "the density plot of the correlation is shown in figure <dig> as a random control test , we computed "
                 "all the correlations .",
                 # a subordinator of a reason, a concession or a contrast before "we" too
                 "we compared them with the variants of v. cholerae n <dig> because phase variation can be reversible , "
                 "we included smooth variants .",
                 # a clause of concession or reason and its comma before a subject and its verb
                 "identical sequences were found on contigs apjl <dig> and apjl <dig> since these sequences were not "
                 "contiguous with the others , they could not be assigned to either gene .",
                 # a preposition's phrase and its comma before "we" after a clause
                 "we visited farms in provinces where the virus was frequently detected in <dig> for inclusion in the "
                 "study , we selected swine farms by location .",
                 "raw data are available via proteomexchange with identifier pxd <dig> to distinguish genuine "
                 "interacting proteins from nonspecific ones , we analyzed the data using the saint tool ."],
                ["a total number of <dig> lymph nodes samples were evaluated ; <dig> from wild boars , <dig> from red deer "
                 "and <dig> from roe deer .",
                 "the proteins were predicted using protcomp <dig> and <dig> proteins with mitochondrial , <dig> with "
                 "peroxisomal , <dig> with nuclear localisation were predicted .",
                 "if myb <dig> like atsr <dig> acts as a repressor of sa accumulation , this might indicate another point .",
                 "for duxbl , using cj <dig> as an anchor , we found the final exon in guinea pig .",
                 # the number inside a fronted phrase whose main clause "we" opens
                 "given the growing body of literature linking padi enzymes to the abundance of padi <dig> in oocytes "
                 "and early embryos , we first tested whether histones were citrullinated .",
                 "therefore , to address the role of dectin- <dig> in neutrophil - mediated host defense , we first "
                 "evaluated neutrophil recruitment in the lungs .",
                 "we grew the cells at <dig> because at this temperature we could compare them .",
                 "we do not use frequencies with k > <dig> because for some families , there is not enough data .",
                 "the cells were grown at <dig> although the medium was rich , which slowed them .",
                 "only considering differences with a corrected p - value < <dig> as significant <cit> , we found a total "
                 "of <dig> genes ."])


def test_two_sentences_spliced_at_however_are_told_from_one():
    for spliced in ["rna - seq technology has superior advantages over arrays , however , it contains blind spots .",
                    "the genes were expressed across the colonies , however , the level of expression differed ."]:
        assert predicates.splices_two_sentences(spliced), spliced
    for sentence in ["it has recently been shown , however , that these signals are correlated .",  # its object
                     "these facilities may , however , hinder the removal of manure .",  # its verb
                     "this region was , however , centered in a homology region .",
                     "this is not the case in juvenile specimens , however , in which the tergite is small .",
                     "if , however , we base our assessment on the platforms , the results differ .",
                     "given the complexity of regeneration , however , it is likely that genes remain unknown ."]:
        assert not predicates.splices_two_sentences(sentence), sentence
    paper = paper_with("The genes were expressed across the colonies, however, the level of expression differed.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_two_sentences_run_together_before_a_sentence_adverb_and_its_comma_are_told_from_one():
    """The data set lost the stop before "moreover ,", "however ," and the like (a blind reader found the first
    run together in a summary); a fronted phrase that lost its comma, a verb before its object and "more
    importantly" go on."""
    for run_on in ["patches of fluorescent material were distributed in the anther locule , being mainly located in the "
                   "vicinity of developing pollen grains moreover , the intensity of fluorescence increased in the cell wall .",
                   "the model incorporates most of the reactions present in the butanoate metabolism however , no active "
                   "flux was observed through most of them .",
                   "further investigation will be needed to verify these findings nevertheless , it will be of interest "
                   "to study the expression level .",
                   # a fronted phrase that went on into its main clause before the adverb
                   "in our studies parp down - regulated cells get arrested at the loose aggregation stage when "
                   "subjected to development however , no effect was observed on the growth of unicellular cells ."]:
        assert predicates.splices_two_sentences(run_on), run_on
    for sentence in ["with our integrated analysis however , we have identified direct targets of the complex .",
                     "despite the increased reaction however , the symptoms are dampened .",
                     "in cells treated with the drug however , the symptoms were dampened .",  # only its participle
                     "these data confirm however , the interconnected nature of the two cycles is unclear .",
                     "the method is fast and more importantly , it gives an idea of the error .",
                     "it lacks a central storage system and is therefore , in most cases , only used once .",
                     "both methods classify most metabolites similarly , there are examples of both ."]:
        assert not predicates.splices_two_sentences(sentence), sentence


def test_two_clauses_spliced_with_a_bare_comma_are_told_from_one():
    tells_apart(predicates.splices_with_a_comma,
                ["the first nine contigs could be oriented , the remaining eight could not be oriented .",
                 "three of these chunkers are trainable , the other two do not have a training option .",
                 "in this representation , isolates with the same profile were assigned to one circle , the size of "
                 "the circle is proportional to their number .",  # after a fronted phrase
                 # "we" and a lexical verb, perhaps after an adverb
                 "two groups of che clusters are highly conserved among the geobacter sp. , we refer to these as α "
                 "and β groups .",
                 "the cells were washed in pbs , we then stained them and counted them .",
                 # a phrase set off by commas after a main clause, then a second clause
                 "we aim to improve profile alignments with respect to the hhsearch package , in order to align the "
                 "residues more accurately , secondary structure information was incorporated into the methods ."],
                ["<dig> % were nssnvs , <dig> % were frame shifts , and <dig> % were stop - gain mutations .",  # a series
                 "whenever a positive hit was found , the gene sequence was downloaded .",  # a time clause
                 "each time a client is started , the server is pinged for any updates .",
                 "had we chosen a different gene , we may have had fewer problems .",  # a condition
                 "not only can the heterogeneity blur the genes , it can also cause contrary effects .",
                 "the larger the f - score is , the more likely this feature is discriminative .",  # a comparison
                 "the gene was expressed in the gut , a tissue that is rich in cells .",  # an apposition
                 "the value is <dig> , a lower share than was reported before .",
                 "our method is fast ; therefore , it can be used on whole genomes .",  # a linking adverb
                 "the reads were mapped , we ranked the genes , and we kept the top ten .",  # a series of "we" clauses
                 "we grew the cells , in most cases , for two days .",  # no clause after the phrase
                 "we grew the cells in a rich medium , as in earlier work , which was changed daily .",
                 "to resolve this , and to elucidate the events in senescence , we used microarrays .",  # no clause
                 # an adverb's or a participle's phrase, whose participle is among the finite words
                 "similarly to what has been reported for other genes , we found several shared haplotypes .",
                 "taken together with th expression demonstrated by flow cytometry , we speculate that it works ."])
    paper = paper_with("The first nine contigs could be oriented, the remaining eight could not be oriented.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}
    assert Document.prepare(paper).non_sentences == frozenset()  # a paper's test: a news quote may splice


def test_a_masked_paper_passes_over_sentences_run_together_at_a_number():
    paper = paper_with("The ccs 1 gene encodes the copper chaperone delivering the copper to sod 1 the ctr 1 gene "
                       "is coding for a copper transporter of the plasma membrane.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}
    assert Document.prepare(paper).non_sentences == frozenset()  # real numbers: no stop was lost


def test_a_line_that_tells_what_a_figures_drawing_shows_is_no_sentence():
    for legend in ["homologs are indicated by gray bars .", "a dotted red line indicates the homologous position .",
                   "the black solid line is based on all subjects .", "the panel below shows simplified geology .",
                   "key : a = associated ; na = non-associated , idiom .",
                   "note : data are presented as means ± sem of three replicates .",
                   # what the marks show, where left to the figure
                   "representative images are shown .", "the primary key of each relation is underlined .",
                   "marker coordinates are listed .",
                   # the type or colour that marks something
                   "significant p - values are highlighted in bold .", "variation of each component is also shown .", "protein classes are indicated in bold type .",
                   # where in the figure something is
                   "only the subspecies of each a. salmonicida strain are indicated on the right .",
                   "color designations are shown at the bottom right .",
                   # what a panel shows
                   "panels a-d show mosquito - derived l <dig> after <dig> hours .",
                   "panel a of figure <dig> shows a heat map of the pearson correlations .",
                   # the mark that stands for something, and a table's type
                   "sample locations are indicated by a circle or a star .",
                   "males are represented by squares , females by circles .",
                   "the residues identified to alter the specificity of a ligand are reported in bold and underlined .",
                   # a gel's lane, a table's columns
                   "lane <dig> shows the <dig> bp dna ladder .",
                   "columns <dig> and <dig> indicate the standardized additive effect of the allele .",
                   # coloured marks or blocks, a tree's branch lengths and the numbers at its branches
                   "colored blocks indicate similar genome regions between the two strains .",
                   "colored dots indicate a fold change above two .",
                   "branch lengths are estimated by amino acid substitutions per site .",
                   "the numbers at the branch points indicate the bootstrap values .",
                   # what a table's columns hold
                   "for each model , the number of metabolites and reactions are indicated in columns a-d .",
                   # the specimen pictured, named before the subject
                   "in the unpurified tonsil cell suspension shown , there were <dig> % b cells and <dig> % t cells .",
                   "in l <dig> , l <dig> and l <dig> animals shown , vule and vulf cells have not fused .",
                   # what the drawing highlights or shades in a colour, wherever the line says it
                   "the processes highlighted in yellow represent the model creation cycle : the draft model is created .",
                   "the hotspots shaded in grey lie near the telomeres .",
                   # the figure or table the line belongs to, in the legend's own words
                   "re-ranking performances on three baseline runs are shown in this table .",
                   "this figure shows that the average sequence identity in bin <dig> is higher .",
                   "from this plot , the most likely number of clusters is four .",
                   # marks, numbers or letters that stand for something
                   "the cc numbers indicate the protein identification number in the c. crescentus genome .",
                   "boxes and lines indicate exons and introns , respectively .",
                   "different lowercase letters indicate a significant difference .",
                   "shading indicates the degree of conservation .",
                   "the grey shading represents the number of strains out of <dig> which contain that enzyme ."]:
        assert extraction.describes_a_drawing(legend), legend
    for sentence in ["the concentration of mn2+ in red blood cells is low .",
                     "the results are shown in table <dig> .",  # a pointer (extraction.points_only), not a legend
                     "the mutant was shown to bind the promoter .",
                     "we observed low seroprevalences in red deer , chamois and ibex .",
                     "a panel of <dig> antibodies was used .", "the open reading frame encodes a kinase .",
                     "the panel of experts shows a bias .", "panel data show a trend .",
                     "the gene is expressed in red blood cells .", "the cells were highlighted in the review .",
                     "the lesion was located on the left side of the neck .", "the right kidney was shown to be small .",
                     "initially this focus is marked by an area of reduced cell density .",  # an area: a result
                     "each gene is represented as a square of arbitrary size in a grid .",  # how a method draws
                     "cluster <dig> contains genes involved in amino acid biosynthesis .",  # a result
                     "the colored cells grew faster than the white ones .", "the branch was cut at its base .",
                     "in the cases we have shown , the protein binds the promoter .",
                     "in these experiments , the mutant was shown to bind the promoter .",
                     # coloured dots are what a patient sees
                     "the attacks started with lightning flashes and coloured dots followed by a headache .",
                     # "this figure" a number, a panel of markers, a genome's graphs
                     "extrapolated to the whole genome , this figure suggests that <dig> % of genes change .",
                     "this panel of snps would be readily used in breeding .",
                     "repeats cause branches in these graphs and assemblers may join them .",
                     # what the text's own values or numbers say
                     "high cq values indicate that gene expression levels are quite low .",
                     "these numbers indicate the rate of replacement at the site .",
                     "numbers indicate that the effect is large .",
                     "the shading of the leaves indicates that the plants were stressed ."]:
        assert not extraction.describes_a_drawing(sentence), sentence
    paper = paper_with("Homologs are indicated by gray bars.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_a_tables_footnote_is_no_sentence():
    for footnote in ["* data obtained by flow - cytometry .", "*** indicates p < <dig> .",
                     "† actual hydrophobicity values were calculated as described in methods ."]:
        assert extraction.opens_with_a_mark(footnote), footnote
    for sentence in ["the * mark denotes significance .", "data were obtained by flow - cytometry ."]:
        assert not extraction.opens_with_a_mark(sentence), sentence
    paper = paper_with("* Data obtained by flow-cytometry.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}
    assert Document.prepare(paper).non_sentences == frozenset()  # a paper's test: news may bullet with stars


def test_a_line_that_only_announces_a_list_is_no_sentence():
    for lead_in in ["the high - quality assemblies consist of two categories .",
                    "as shown in figure <dig> the kmfa pipeline consists of four steps .",
                    "the cohort was divided into two age groups .", "the samples were classified as follows :",
                    "there are two categories of qssa possibilities ."]:
        assert extraction.announces_a_list(lead_in), lead_in
    for sentence in ["the data set consists of <dig> papers from pubmed .",
                     "the tissue consists of two cell types that differ in size .",
                     "the genes fall into the categories we defined before .",
                     "there are two types of receptors , which differ in their ligands ."]:
        assert not extraction.announces_a_list(sentence), sentence
    paper = paper_with("The high-quality assemblies consist of two categories.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}
    assert Document.prepare(paper).non_sentences == frozenset()  # a paper's test, as the legends' are


def test_a_line_that_opens_with_a_mark_is_no_sentence():
    tells_apart(extraction.opens_with_a_mark, ["\u2022 ld plot : the ld between each pair of snps can be calculated .",
                 "- expression profile displays gene expression profiles for the given experiment .",
                 ", calculated from the experimental data at <dig> mg/ml .", "= average of three replicates .",
                 "\u2212/\u2212 embryos showed the elevation of cdca <dig> protein levels .",
                 # what is left of a formula, its bar in the first word
                 "k| queries , which is clearly not affordable .",
                 "overlap=|s\u2229c| <dig> |s||c| if overlap meets a threshold , we say s and c match .",
                 "\" - \" represents no binding , \" + \" represents binding ."],
                ["<dig> patients were enrolled .", "cnnm2|gucy1a was co-expressed in <dig> % of the resamples .",
                 "<cit> reported the same effect .", "~ <dig> % of the reads mapped .",
                 "\" mild \" cases were excluded .", "\" <dig> \" , most probes were positive .", "\u03b1 - helices dominate the fold ."])


def test_a_list_cut_after_its_first_item_is_no_sentence():
    tells_apart(extraction.cuts_a_list, ["we chose the ab strain for two reasons : first , it is widely used .",
                "two hypotheses have been proposed <cit> : i ) the lack of constraints leads to degeneration .",
                "the pipeline has three steps : <dig> ) reads are trimmed .",
                # a first item after a dash, the next ones the next lines'
                "to mention but three exemplars of problems with such comparison : - there are more than <dig> genes .",
                # a bulleted list's first item, the next ones the next lines'
                "we identify needs common to analytical workflows : \u2022 flexibility in structuring and modelling .",
                # a labelled item after a semicolon or a comma, and no later one
                "the objectives of the present study were ; <dig> ) to investigate the genetic architecture of it .",
                "the following observations indicate that this could be the case , <dig> ) ngf causes innervation ."],
                ["the objectives were : i ) to evaluate diversity ii ) to detect ld and iii ) to build a core set .",
                     "we impose two criteria : first , x must hold ; second , y must hold .",
                     "the pipeline has three steps : <dig> ) trimming , <dig> ) mapping and <dig> ) counting .",
                 "first , we trimmed the reads : they were short .", "the ratio was <dig> : <dig> in all samples .",
                 "the sample ratio was <dig> : <dig> - a usual value .",
                 "the needs are : \u2022 flexibility \u2022 support for nested steps .",
                 "the dose was <dig> mg \u00b7 kg .",
                 "the objectives were ; <dig> ) to investigate it and <dig> ) to map it .",  # both items
                 "a labelled item , a ) in the sense of the panel , stays ."])


def test_a_question_a_line_that_opens_with_and_and_a_legend_run_in_are_no_sentences():
    assert extraction.asks_a_question("what is the function of ftn6 ?")
    assert not extraction.asks_a_question("we asked what the function of ftn6 is .")
    assert extraction.continues_a_sentence("and was significant in the present study .")
    assert not extraction.continues_a_sentence("andrews et al. reported the same .")
    assert extraction.runs_a_legend_in("the inserts were mapped using blast .table <dig> sequenced inserts and genes .")
    assert not extraction.runs_a_legend_in("the inserts are listed in table <dig> .")
    tells_apart(extraction.runs_on_at_a_glued_stop,
                ["genes are depicted for which the values were greater at parental conditions.network view of <dig> "
                 "putative cross-talks between pathways .",
                 "we found no difference in the gc content.second , for each gc percentage , we counted the reads .",
                 "we used the error of both modeling approaches.we used a diagonal cross validation scheme ."],
                ["the clusters were found with the find.clusters function within adegenet .",  # a program's function
                 "the population clusters identified by find.clusters were used as prior assignments .",
                 "the functions ' find.clusters ' and ' k - means ' were used to determine the number of clusters .",
                 "we ran the model with the command xppaut model.ode -silent .",  # a file's name
                 "the tool is available at bioconductor.org for all users .",  # a site's
                 "the genes are depicted in figure <dig> . network view of the cross-talks ."])  # no glued stop
    paper = paper_with("What is the function of FTN6?",
                       "We chose the strain for two reasons: first, it is widely used.",
                       "and was significant in the present study.", "\u2022 LD plot: the LD between SNPs was computed.")
    assert Document.prepare(paper, masked=True).non_sentences == {1, 2, 3, 4}
    assert Document.prepare(paper).non_sentences == frozenset()  # a paper's tests: news asks and bullets


def test_a_sentence_whose_bare_subject_and_past_verb_follow_a_tables_number_is_told_from_one():
    tells_apart(predicates.runs_two_sentences_together,
                ["parameters of femur in <dig> -day old turkeys are shown in table <dig> bone weight reached "
                 "significantly higher values in groups v and vi .",
                 "the results from two independent experiments are summarized in figure <dig> epithelium from wt "
                 "donors reconstituted a ductal network in all recipients .",
                 # several figures' numbers whose marks were lost, then a subject with a name's number
                 "their networks are represented in figures <dig> <dig> <dig> network <dig> received the highest score "
                 "and assembles <dig> genes ."],
                ["as shown in fig. <dig> totally suppressed the increase in both catecholamines .",  # an adverb, no subject
                 "the values are listed in table <dig> we identified a total of <dig> genes .",  # "we": a fronted phrase's
                 "the conserved components are shown in figure <dig> overlaid with the mammalian interactions .",
                 "mean affinity constants , shown in table <dig> represent the mean of four affinity calculations .",
                 "the genes are shown in figure <dig> and additional file <dig> figure s <dig> show the inferred "
                 "networks .",
                 # a fronted phrase that lost its comma: "figures" before its numbers is no verb
                 "from figures <dig> <dig> <dig> we can see that the fourier score method performs best .",
                 "in the heatmap in figure <dig> we showed the first <dig> genes ."])


def test_a_sentence_adverb_and_its_comma_open_a_sentence_after_a_citation():
    tells_apart(predicates.runs_two_sentences_together,
                ["software to compute power has been made available in the genetic power calculator , developed by "
                 "purcell et al. <cit> however , for haploid loci , there is no such parameter .",
                 "the light penetration through soil is minimal <cit> however , chloroflexi were present in deeper "
                 "layers ."],
                # the adverb set off by its own commas, or a citation inside a fronted phrase
                ["the light penetration through soil is minimal <cit> , however , chloroflexi were present .",
                 "as shown by earlier work <cit> however , chloroflexi were present in deeper layers ."])


def test_this_or_these_open_a_sentence_after_a_citation_that_ends_a_main_clause():
    tells_apart(predicates.runs_two_sentences_together,
                ["the most commonly used technology for the assessment of gene expression changes in postmortem brain "
                 "is the dna microarray <cit> this approach has confirmed the involvement of genes .",
                 "another study comparing a single swab with pools also found no difference <cit> these results agree "
                 "with ours ."],
                # a fronted clause or phrase that lost its comma, and "we", which follows one far more often
                ["since ticks have been found in other animals such as cattle <cit> this tick could be important .",
                 "we found no evidence , and combined with earlier findings of the usage of uaa <cit> this argues for "
                 "a standard genetic code .",
                 "in agreement with the earlier studies of ethanol induced er stress <cit> these results indicate "
                 "a low capacity .",
                 "in agreement with published data <cit> we found restricted expression of cdkl <dig> ."])


def test_a_connective_and_its_comma_open_a_sentence_after_a_fronted_clause_that_lost_its_comma():
    tells_apart(predicates.runs_two_sentences_together,
                ["noticeably , while vhl pulled down both forms of cul <dig> sap <dig> pulled down predominantly the "
                 "neddylated cul <dig> in addition , sap <dig> also co-precipitated endogenous skp <dig> ."],
                ["while the cells grew in medium <dig> in addition to the controls , the mutants died ."])


def test_a_sentence_run_in_after_a_figures_or_tables_number_is_told_from_one():
    tells_apart(predicates.runs_two_sentences_together, ["fourteen rejoining sites of simple deletions are listed in table <dig> eight of these sites showed microhomology .",
                   "primer sequences are provided in additional file <dig> : table s <dig> pcr products were sequenced in both directions .",
                   "the sequences of the isolates are given in table <dig> they include seven isolates from the outbreak .",
                   # another pointer and its own verb open the next sentence
                   "we first measured the similarity using the method in formula <dig> figure <dig> shows the distribution "
                   "of the pairs .",
                   "the coverage values are summarized in table <dig> figure <dig> shows the relationship between them ."],
                ["two of the proteins presented in table <dig> which are inferred to encode receptors were more similar .",
                     "it is evident from figure <dig> that there is a negative correlation between the two .",
                     "the genes eliminated from table <dig> because their levels were low are listed below .",
                 "the expression of mir- <dig> target genes was measured in all samples .",
                 "the coverage values are higher than <dig> as figure <dig> shows for the three strains ."])


def test_a_lead_phrase_and_its_clause_after_a_figures_or_tables_number_are_told_from_one_sentence():
    tells_apart(predicates.runs_two_sentences_together,
                ["the relative expression of the genes in the leaves is shown in fig. <dig> following inoculation with pst "
                 "or bgt , both transcripts showed dysregulated expression .",
                 "the scatter plots for all pairs of methods are shown in figure <dig> for the malidup test set , the "
                 "largest mean score was achieved by mican .",
                 "the primers are listed in additional file <dig> : table s <dig> to illustrate the relationship between "
                 "the haplotypes , we constructed a minimum spanning network .",
                 # a participle's phrase
                 "detailed information for each map is listed in table <dig> using the common markers between families , "
                 "a consensus genetic map was constructed ."],
                # no predicate before the pointer, a participle's phrase, a lead phrase too long, a list's next item
                ["specifically , in table <dig> from only exonic mapped reads , there are no differences between samples .",
                 "given the improvement observed in fig. <dig> after early intervention with mif , an unexpected outcome "
                 "was obtained .",
                 "the values are shown in table <dig> for each of the many different conditions that we tested in the "
                 "first experiment , the cells grew .",
                 "the genes are shown in figure <dig> with the promoter regions , and the cells were grown .",
                 # a participle that reports what the pointer showed
                 "we compared the results in table <dig> showing that fos and jun respond , these results are consistent ."])


def test_a_sentence_that_says_the_first_ones_opening_again_after_a_number_is_told_from_one():
    tells_apart(predicates.runs_two_sentences_together,
                ["in experiment <dig> blood was sampled on days <dig> and <dig> in experiment <dig> blood was collected from "
                 "additional fish .",
                 "pfm <dig> was found to be associated with the proteins rap <dig> and rap <dig> pfm <dig> was also well "
                 "conserved in upstream regions ."],
                # a list repeats its items' words
                ["sphingomonas sp. strain o <dig> sphingomonas sp. strain a <dig> sphingomonas sp. strain c <dig> "
                 "possessed plasmids .",
                 "cultures of strain <dig> cultures of strain <dig> and cultures of strain <dig> were grown ."])


def test_a_subject_that_an_adjective_or_a_number_in_words_opens_after_a_number_is_told_from_one_sentence():
    tells_apart(predicates.runs_two_sentences_together,
                ["the models were adopted , testing k values between <dig> and <dig> five runs were performed for each "
                 "value of k .",
                 "the raw data are available under accession number e-mtab- <dig> further data are included as additional "
                 "files .",
                 "this finding was surprising , given that fil acts positively on arf <dig> previous studies of yab mutants "
                 "have established that these lines lack stipules ."],
                # a number in words after a fronted phrase's number; "similar to" goes on
                ["phenotypic profiles allowed the differentiation of four groups and within group <dig> two phenotypic "
                 "subgroups could be delineated .",
                 "the values measured in the leaves of line <dig> similar to those of the controls were lower ."])


def test_a_singular_subject_that_a_opens_after_a_number_is_told_from_one_sentence():
    tells_apart(predicates.runs_two_sentences_together,
                ["we isolated a membrane bound c - type cytochrome and designated it cytochrome c <dig> a cytochrome "
                 "oxidase was also isolated .",
                 "the proposed approach is shown in figure <dig> a given metabolic network is described using the "
                 "groups of dependent reactions .",
                 # "an", and a subject that holds a coordinator and a number before its verb
                 "the large rnas are xist , neat <dig> and neat2/malat- <dig> a function for neat <dig> and "
                 "neat2/malat- <dig> in mrna metabolism is suggested by their high levels of conservation .",
                 "this site was mapped in spi- <dig> an insertion of the same sequence is found in other serotypes ."],
                # a panel's letter or a name's ("figure <dig> a shows"), a plural subject, and a number that ends a
                # fronted phrase which lost its comma: a purpose, a preposition after "that", one fronted phrase
                ["the mutants are shown in figure <dig> a shows the wild type .",
                 "we found that the ht <dig> a receptors are expressed in the cortex .",
                 "to further identify the phylogeny of ms- <dig> a phylogenetic tree was constructed from its sequences .",
                 "we propose that in sa <dig> a different early mechanism might be operating .",
                 "in additional file <dig> : figure s <dig> a heat map is shown of all transcripts .",
                 # an apposition that lost its commas, its verb after the second
                 "we found that mmp- <dig> a matrix metalloproteinase associated with m - csf , is also elevated ."])


def test_a_comparison_and_its_comma_open_a_sentence_after_a_number_whatever_its_subject():
    tells_apart(predicates.runs_two_sentences_together,
                ["the history of bacterial glurs <dig> is distinct from other bacterial glurs <dig> unlike glurs <dig> of "
                 "other phyla , hyperthermophilic bacterial glurs <dig> seems to be a duplicated version ."],
                # an apposition that lost its first comma: its verb follows the second
                ["the report demonstrates that tol <dig> contrary to sleeping beauty , provides an efficient "
                 "transgenesis system ."])


def test_a_word_after_an_article_in_a_title_is_no_verb():
    assert not predicates.has_predicate("results of the got analysis of motifs <dig> and <dig> at prior probability .")
    assert not predicates.has_predicate("number of candidate genes screened from the indicated cell types .")
    # not in a title, nor a title's verb after its noun
    assert predicates.has_predicate("we ran the got analysis on the motifs .")
    assert predicates.has_predicate("results of the analysis showed a rise .")


def test_a_participle_and_its_agent_after_an_adverb_are_no_predicate():
    assert not predicates.has_predicate("motif hits experimentally tested by chip analysis for in vivo atoc binding .")
    assert not predicates.has_predicate("originally published by smith and jones .")
    for sentence in ("the motifs were experimentally tested by chip analysis .",  # its auxiliary
                     "levels significantly decreased by <dig> % after treatment .",  # a change by an amount
                     "levels significantly decreased after treatment ."):
        assert predicates.has_predicate(sentence), sentence


def test_a_participle_after_a_degree_adverb_and_a_preposition_is_no_predicate():
    assert not predicates.has_predicate("fst values for highly differentiated loci across all four dlc - sensitive/"
                                        "-tolerant population pairs .")
    for sentence in ("t cells highly expressed co-stimulator receptors such as ox <dig> .",  # after its subject
                     "toluene and dioxin differentially expressed genes of metabolism .",
                     "these genes were highly expressed in liver ."):
        assert predicates.has_predicate(sentence), sentence


def test_a_line_that_ends_in_a_bracket_nothing_opened_is_no_sentence():
    tells_apart(extraction.ends_in_a_stray_bracket,
                ["ld show dynamic behaviour in the course of development , moving continuously and <dig> ) .",
                 "we compared three species , daphnia magna and a. mellifera ) ."],
                ["the cells were treated as before ( see methods ) .", "the steps were a ) lysis and b ) washing .",
                 "the ratio was high ( <dig> versus <dig> ) ."])
    paper = paper_with("LD show dynamic behaviour in the course of development, moving continuously and 4).",
                       "The cells were treated as before (see methods).")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_a_list_of_one_word_said_three_times_is_no_sentence():
    tells_apart(extraction.lists_one_word_as_its_items,
                ["the three triple mutants constructed for this study are ccp – ccp , and ccp .",
                 "we evaluated aracne , aracne and aracne into our comparison ."],
                ["the stage has three sub-stages : initiation - elongation , elongation , and elongation - termination .",
                 "the cell - cell , cell - matrix and cell - substrate contacts differ .",  # compounds' words
                 "the ccp mutant and the ccp wild type were compared .",
                 # one name and its number after a colon, three times only, or names that differ
                 "the genes were : ifn - α <dig> , ifn - α <dig> and ifn - α <dig> .",
                 "the locus holds four cas genes : cas <dig> , cas <dig> , cas <dig> and csn <dig> ."])
    # one name and its masked number four times after a colon: the numbers that told them apart are gone
    tells_apart(extraction.lists_one_word_as_its_items,
                ["the sequences were from the following genbank accession numbers : ifn - α <dig> ifn - α <dig> , ifn - "
                 "α <dig> , ifn - α <dig> , ifn - α <dig> .",
                 "the cluster contains four nrps genes : xalc_ <dig> , xalc_ <dig> , xalc_ <dig> and xalc_ <dig> ."], [])
    paper = paper_with("The three mutants constructed for this study are CCP1–CCP3, and CCP5.",
                       "The mutants were compared.")
    assert Document.prepare(paper, masked=True).non_sentences == set()  # the numbers tell them apart
    paper = paper_with("The three mutants constructed for this study are CCP – CCP, and CCP.", "The mutants were compared.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_a_line_that_says_what_a_removed_formulas_symbol_stands_for_is_no_sentence():
    tells_apart(extraction.defines_a_symbol,
                ["x indicates that the x sequences with hits could be assembled into y contigs .",
                 "n is the number of communities filtered out .", "r denotes the pearson correlation operator ."],
                ["a is the first of the alleles .", "i is not the only one we know .",  # words, not symbols
                 "the n is small in each group .", "x - rays were used to image the roots ."])
    # a formula's "where" and its symbols, not a fronted "where" clause
    tells_apart(extraction.defines_a_symbol,
                ["where a1θ , ... , aiθ are block matrices .", "where kn is the half - saturation constant .",
                 "where λ .", "where acc is equal to mcc or f - score .",
                 "where vk : number of vertebrate genes expressed at stage k ; nk : number of genes expressed ."],
                ["where required , <dig> μm oligonucleotides were annealed in tris .",
                 "where possible , we also merged sequence assemblies .",
                 "where there are significant differences in the proportion of genes , no call is made .",
                 "where genetic resistance has been detected , it has been found to be strongly correlated .",
                 "where the following steps were taken : the cells were washed and spun ."])
    # a legend's key, a name of a few words and "denotes", one column a line
    tells_apart(extraction.defines_a_symbol,
                ["splicing graphs denotes the number of splicing graphs .",
                 "> <dig> -node graphs denotes the number of graphs with more than one node .",
                 "sn and sp denote sensitivity and specificity ."],
                ["the term denotes the prolamin fraction of wheat .",  # a determiner opens a sentence's subject
                 "here , g denotes the cluster each gene belongs to .",  # a fronted word and its comma
                 "let graph g denote the complex - complex interaction network .",
                 "the expression of the five genes in the treated roots denotes a response ."])  # too long a name
    paper = paper_with("N is the number of communities filtered out.", "The cells were treated as before.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_a_purpose_clause_without_its_clause_is_no_sentence():
    tells_apart(extraction.continues_a_sentence,
                ["so that <dig> ml of calcium chloride were considered to evaluate its effect .",
                 "and was significant in the present study .",
                 "which requires an indel rate parameter and distribution .",  # a relative clause cut from its sentence
                 "which we can expand to the following form .",
                 # a formula's "where", a relative clause cut from its sentence
                 "where xi and yi are ranks obtained for raw scores xi and yi of variables x and y .",
                 "where the rna - protein binding sites on the rnas are usually short sequences .",
                 # a species' abbreviation cut from its genus
                 "sp. showed high expression and diversity of snake venom metalloproteinases ."],
                ["so that we could study the effects , cats were fed to maintain weight .",  # its main clause follows
                 "where possible , the fetuses were selected from the same uterine horn .",
                 "where genetic resistance has been detected , it has been found to be correlated with growth rate .",
                 "whereas the mutant grew slowly , the wild type grew fast .",
                 "the cells grew so that the plates were full .",
                 "which model best described the variation of similarity varied among areas ."])  # "which" asks


def test_a_line_that_only_says_its_subject_is_shown_here_is_no_sentence():
    tells_apart(predicates.shows_its_subject_here,
                ["output of cnvnator is reported here .", "the codon usage in the polymorphic regions is shown here .",
                 "the nucleotide changes and the corresponding changes in amino acids are shown here ."],
                # a clause of its own before, or more after "here"
                ["all results were consistent across runs and only one run is presented here .",
                 "our algorithm has been applied on various datasets and top genes are reported here .",
                 "the codon usage is shown here for the first time .", "the codon usage is shown in table <dig> ."])
    paper = paper_with("Output of CNVnator is reported here.", "The cells were treated as before.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_a_heading_run_into_a_sentences_fronted_phrase_is_no_sentence():
    tells_apart(predicates.runs_a_heading_into_a_fronted_phrase,
                ["symptoms in venous thromboembolism patients in merely <dig> % of all the patients , dvt was also "
                 "confirmed by venography ."],
                # a fronted phrase of its own, a subject with its apposition, a verb before the comma
                ["in merely <dig> % of all the patients , dvt was also confirmed by venography .",
                 "patients in group <dig> of the trial , the youngest , were treated first .",
                 "symptoms improved in <dig> % of the patients , and dvt was confirmed by venography ."])
    paper = paper_with("Symptoms in venous thromboembolism patients in merely 4% of all the patients, DVT was also "
                       "confirmed by venography.", "The cells were treated as before.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_a_sentence_run_on_after_an_abbreviations_stop_is_told_from_one():
    tells_apart(predicates.runs_two_sentences_together,
                # an acronym or a unit that a title's letters spell, a new species, and "this", "these" or "we" after
                ["we started with a simple classifier and raised the accuracy as compared to the system with no mr. this "
                 "fits within our generic framework .",
                 "this confirms the identification of maph- <dig> in neuronal purifications by ms. we observed broad "
                 "expression in multiple tissues .",
                 "examples of costly female traits could be pheromone production , maintenance of glands etc. this "
                 "hypothesis would explain the rapid decline .",
                 "the isolates were identified as belonging to c. turicensis sp. nov. however , c. muytjensii was not ."],
                ["the cells were stained as described by smith et al. this year .",
                 "the samples were run at <dig> ms. intervals for each of the three channels ."])


def test_a_sentence_run_on_after_etc_or_after_a_connective_with_no_known_verb_is_told_from_one():
    tells_apart(predicates.runs_two_sentences_together,
                # after "etc." a subject that an article or "our" opens; after a number "as expected ," whose clause's
                # verb the lexicon reads as a noun ("increases")
                ["a sixth analysis goal is to screen for nodes based on a node significance measure , on network "
                 "topological properties , etc. a seventh analysis goal is to contrast one network with another .",
                 "the entropy may result from other processes such as desolvation , protonation , etc. our results "
                 "rule out the contribution of proton uptake .",
                 "a complete picture is given where the precision , recall and accuracy are plotted for weights between "
                 "<dig> and <dig> as expected , precision increases with weight whereas recall decreases .",
                 # after a table's number a subject whose words a coordinator joins
                 "the clinical characteristics of the tumors are detailed in table <dig> good and poor outcome were "
                 "defined as the patient 's status <dig> years after diagnosis ."],
                ["the tool reads fasta , genbank , embl etc. and writes them in one format .",
                 "a complete picture is given where the precision , recall and accuracy are plotted for weights between "
                 "<dig> and <dig> , as expected .",
                 "the characteristics of the tumors are detailed in table <dig> and the outcomes were defined later ."])


def test_a_line_that_names_its_work_only_by_a_citation_is_passed_over():
    tells_apart(predicates.names_its_work_only_by_a_citation,
                ["in <cit> , we address such challenges by introducing a new methodology for stochastic dynamics .",
                 "in <cit> and <cit> , the authors have built on this approach and determined the interactions .",
                 "the work presented in <cit> used semantic similarity to rank candidate disease diagnoses .",
                 "to address the problem , the method developed in <cit> uses sparse clustering techniques ."],
                ["in our previous study <cit> , we used the average balanced accuracy as a metric .",
                 "in <cit> and in our previous study , we used the same metric .",  # this paper's work named too
                 "kitao et al. <cit> suggested that excess mn affected the reduction cycle .",  # the authors named
                 "the genes were identified as described in <cit> and sequenced ."])
    document = Document.prepare("in [4], we address such challenges by a new method.\nWe trained the model on two "
                                "corpora and report its accuracy.", masked=True)
    assert document.non_sentences == frozenset({0})


def test_a_line_that_needs_its_citation_is_passed_over():
    """A citation a sentence needs as a word ("include <cit>", "as in <cit> ,", "we refer the reader to <cit>"): once a
    summary drops it, a hole is left; an adjunct's citation goes and leaves a sentence."""
    tells_apart(predicates.needs_its_citation,
                ["in the analysis of single datasets , supervised prescreening studies include <cit> , which conducts "
                 "numerical study of prescreening based on eight different statistics .",
                 "for reviews on different methods for predicting domains , we refer the reader to <cit> .",
                 "mri and clinical data : a quality assurance protocol as in <cit> , was followed for the release .",
                 "according to <cit> and <cit> , mating types have evolved to suppress harmful conflicts .",
                 "exhaustive reviews can be found in <cit> and <cit> .",
                 "the dataset used in this study is <cit> and was extracted from swiss - prot .",
                 "the assays were performed as described in references <cit> and <cit> , respectively .",
                 "the study can not be compared to our study and to <cit> ."],
                ["the cells were grown as described <cit> .", "as <cit> reported , the cells grew .",
                 "the method was introduced in <cit> and demonstrated in an application .",
                 "such genes make poor references for normalization , being unsuitable as references <cit> .",
                 "spatial heterogeneity has been reported in copd and cf <cit> .",  # cystic fibrosis, no "cf."
                 "these findings are consistent with previous reports , e.g. <cit> .",
                 "the mutation was found in all strains <cit> ."])
    document = Document.prepare("We refer the reader to [4].\nWe trained the model on two corpora and report its "
                                "accuracy.", masked=True)
    assert document.non_sentences == frozenset({0})


def test_a_complexity_bound_or_an_equation_that_lost_its_formula_is_no_sentence():
    for lost in ("our algorithm runs in o time and space , where n is the number of reads .",
                 "the problem can be solved in time o <cit> .", "it requires o + o time in total .",
                 # a tight bound's theta
                 "theorem <dig> algorithm biconstruct builds a de bruijn graph of order k in \u03b8 time .",
                 # an equals sign whose right-hand side went
                 "let t = be a rooted tree .", "an adjacency matrix a = is an n \u00d7 n matrix of strengths .",
                 "to define the midcorrelation of two vectors x = and y = , one first defines u .",
                 "groups are defined as follows : overall = all samples , north china = , east china = .",
                 "we say that a connector c = \u2208 ep is discrete if p is a discrete process .",
                 "we define by = m - mr for discrete entities and = m for generic entities e.",
                 # a bound whose variables are defined after it
                 "the running time of the basic algorithm is o , where m is the number of individuals .",
                 # a range's or a cross's terms
                 "the total number of trials thus increases from to + <dig> .",
                 "the genotypes originate from an experimental cross between s. viminalis \u00d7 .",
                 # a pair's symbols
                 "c ) total of mirnas differentially expressed between the and fractions .",
                 "a plot of the and dihedrals will have a slope of <dig> .",
                 # the symbol "of" named before the verb
                 "monitoring of was carried out as described by jones et al. <cit> .",
                 "the percentage of may be a valuable index for comparing potential food productivity between sites .",
                 "for intracellular environment studies , the value of is unknown but can be inferred .",
                 # a bound after the verb or the comparison that states it
                 "the time complexity can be as high as o when using pairwise alignment .",
                 "the algorithm 's complexities are o and o for time and space , respectively .",
                 "furthermore , there are o different ways to reroot the pruned subtree .",
                 # an equation's pointer without its number
                 "the ne should approach the census population of the retentive population given by eq. .",
                 "alleles persist for a time appropriate to ne as given by eq. , while others are lost .",
                 "we calculate the expected values of eqs. to eq. <dig> ."):
        assert extraction.lost_a_formula(lost), lost
    for whole in ("the o and h atoms of the ring were placed in the plane .", "the angle \u03b8 was fixed at <dig> degrees .",
                  "strain o <dig> took more time to grow than the others .", "let t be a rooted tree .",
                  "the ratio was significant ( p = <dig> ) in both groups .", "pi = the absolute difference of the counts .",
                  "hepatic concentrations of o , p'-ddt , o , p'-ddd and o , p'-dde were measured .",  # a compound
                  "the reads were sequenced at <dig> \u00d7 .", "the cross s. viminalis \u00d7 s. schwerinii was used .",
                  "the share rose from <dig> to <dig> % .", "the nodes implement the and logical function .",
                  "the most common serogroup was o <dig> .", "the residues are o - glycosylated in all strains .",
                  "its effects are as strong as o , p'-ddt 's in the liver .",
                  "the angle of the long axis represents that of the eye , shown as \u03b8 in figure 2g .",
                  "the estimator of eq. <dig> is a good approximation .", "as given by eq. ( 3 ) , the ne falls .",
                  "the values follow from eq. 3 and were fitted .",
                  "as of may <dig> more than <dig> articles were identified .",
                  "the relation integral - part - of is not translated appropriately .",
                  "the mean of all samples was <dig> ."):
        assert not extraction.lost_a_formula(whole), whole
    paper = paper_with("Our algorithm runs in O time and space.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}
    assert Document.prepare(paper).non_sentences == frozenset()  # a text that kept its formulas


def test_a_line_that_says_how_values_are_given_is_no_sentence():
    tells_apart(extraction.states_how_values_are_shown,
                ["data are expressed as mean ± sd .", "values are means ± s.d. of three replications .",
                 "the results are the means of measurements for at least <dig> different leaves .",
                 "all data were presented as means and standard deviation ( sd ) .",
                 # after a footnote's other notes
                 "sep was calculated with top - ranked genes ; values presented were the medians of <dig> re-samplings .",
                 # what the values' brackets give
                 "values in parentheses represent standard deviations .", "error bars represent s.e.m. .",
                 "data represent mean±standard deviation of three replicates .",
                 # what a table's brackets hold, which of its columns holds what
                 "standard deviations are shown within parentheses .", "percentages are given in brackets .",
                 "the second column is the gene description .", "the last two columns show the p - values ."],
                ["the mean age of the patients was 54 years .", "values of the index were higher in the mutants .",
                 "data are available from the authors on request .",
                 "the words in parentheses were left out of the count .", "a column of silica was used .",
                 "the column was washed twice .", "in the second column of the matrix we keep the weights .",
                 "the index rose in the mutants ; values of the controls were unchanged .",
                 "values are second to none .", "the values were seen in all samples ."])
    paper = paper_with("Data are expressed as mean ± SD.")
    assert Document.prepare(paper).non_sentences == {1}  # any text: a real number's paper says it too


def test_a_footnote_whose_number_is_glued_to_its_first_word_is_no_sentence():
    tells_apart(predicates.opens_with_a_glued_mark,
                ["4this gene set was generated by our previous work <cit> .",
                 "2number of differentially expressed genes between breeds .",
                 "10two distinct protein types were distinguished for the gliadins ."],
                ["35000hp is the only h. ducreyi strain whose genome is available .",  # a strain's name
                 "2cpa transcript levels decreased in treated plants .", "the 3d structure was solved ."])
    paper = paper_with("4This gene set was generated by our previous work.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}
    # a footnote's letter glued to its first word; a word that opens with such a letter is no mark
    tells_apart(predicates.opens_with_a_glued_mark,
                ["athe most important genes were considered to list enriched clusters .",
                 "cnot applicable since the transcript was not sequenced .", "ddata are from the earlier study <cit> ."],
                ["four mutant proteins were expressed .", "every participant received the same dose .",
                 "chen <cit> reported the same values .", "athletes were recruited from two clubs .",
                 "dataset <dig> holds the values ."])


def test_a_list_of_abbreviations_is_no_sentence():
    assert extraction.lists_abbreviations("hmm , hidden - markov model ; fdr , false discovery rate ; ip , immunoprecipitation .")
    assert not extraction.lists_abbreviations("in mice , the gene was expressed ; in rats , it was low ; in dogs , it was not .")
    # a key with colons
    assert extraction.lists_abbreviations("ncs : nerve conduction study ; hdt : head - down tilt ; mcv : motor conduction "
                                          "velocity ; sds : standard deviations .")
    assert extraction.lists_abbreviations("< <dig> > g+/- : significantly up - or down - regulated gene item ; < > : a "
                                          "sequence ; t : a transaction of time point t ; _ : indexed prefix .")
    assert not extraction.lists_abbreviations("two groups were formed : in the first , the dose was low ; in the second "
                                              ", it was high ; in the third , none was given .")
    # ... run in after the colon of the sentence before it
    assert extraction.lists_abbreviations("we then generate the patterns in the following steps : < > : a sequence ; t : a "
                                          "transaction of time point t ; g+/- : significantly regulated gene item .")
    assert not extraction.lists_abbreviations("we tested two settings : low and high ; the high one worked .")
    # a legend's key that gives each abbreviation before its words, with no mark between
    assert extraction.lists_abbreviations("lws long wavelength-sensitive opsin , mws middle wavelength-sensitive opsin , p "
                                          "pinopsin , pp parapinopsin , rh rhodopsin , va vertebrate ancient opsin .")
    for sentence in ("the samples , the sera , the sections and the slides were stored .",
                     "rh rhodopsin , lws long opsins and mws middle opsins were found in the retina ."):  # a verb
        assert not extraction.lists_abbreviations(sentence), sentence
    # a key of values, though a label holds a verb; not a sentence whose clauses state values
    assert extraction.lists_abbreviations("yes = 1 , no = 0 , do n't know = 0 .")
    assert extraction.lists_abbreviations("zone <dig> = cranial acetabulum ; zone <dig> = central acetabulum .")
    for sentence in ("because ci = o , it means that ki = o .", "the mean age was 54 years , and the median = 50 .",
                     "yes = 1 ."):
        assert not extraction.lists_abbreviations(sentence), sentence
    paper = paper_with("HMM, hidden Markov model; FDR, false discovery rate; IP, immunoprecipitation.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}
    paper = paper_with("Yes = 1, no = 0, don't know = 0.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_a_line_whose_and_goes_on_a_clause_it_does_not_hold_is_no_sentence():
    tells_apart(predicates.joins_a_verb_to_no_clause,
                ["ssb proteins and are found throughout nature .",
                 "e = <dig> and were distributed over the chromosomes .",
                 "datasets and were compiled from fold - change data ."],
                ["the cats were awake and were restrained manually .", "mice and rats were fed .",
                 "it grew and was harvested .", "both is <dig> and is <dig> are absent .",
                 "cells , tissues and organs were collected .", "ssb proteins and"])
    paper = paper_with("SSB proteins and are found throughout nature.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_a_line_that_opens_with_a_panels_or_steps_label_is_no_sentence():
    tells_apart(extraction.opens_with_a_label,
                ["c. the choice of a logic formalism depends on the data at hand and the modeling goals .",
                 "b. the full output is shown , and specific features are in bold .",
                 "case study <dig> : dna damage induced cell apoptosis .",
                 "step <dig> : generate five testing matrices from the complete matrix .",
                 # a step's number without its colon
                 "step <dig> build an interval graph of overlapping unambiguous hsp sequences .",
                 "step <dig> occasionally , short exons missed by blastn result in interrupted hsp sequences .",
                 # a legend's key
                 "underlined : hits in gene - encoding regions .", "blue : repressed probesets .",
                 "a : results of collective clustering are shown as heat maps .",
                 # a numbered item's heading
                 "i. gui : natbox provides a convenient menu - driven graphical user interface ."],
                ["c. elegans worms were grown on plates .",  # a genus's initial
                 "b. bassiana contain more copies of phi : <dig> , phi : <dig> than other fungi .",
                 "e. coli cells were grown overnight .", "in step <dig> : the cells were washed .",
                 "a total of <dig> genes were found .",
                 "gfp : : maph- <dig> showed a fast recovery .", "phi : <dig> was reported as a transporter .",
                 # the step is the subject of the verb after its number
                 "step <dig> was only used to infer the values of the three global parameters .",
                 "step <dig> intends to reconstruct the spatial biases robustly ."])
    paper = paper_with("Case study 1: DNA damage induced cell apoptosis.",
                       "C. the choice of a logic formalism depends on the data at hand.")
    assert Document.prepare(paper, masked=True).non_sentences == {1, 2}


def test_the_lines_of_a_legends_lettered_panels_are_no_sentences():
    """Lines that open with a lone letter next to a line that opens with the letter before or after it; one such
    line alone is a sentence ("b cells were ..."), and so are lines whose letters do not follow each other."""
    lines = ["h double - staining showed an amino acid transporter gene expressed in bacteriocytes .",
             "i an amino acid transporter gene was expressed in root epidermal cells .",
             "j double - staining showed that a glucose transporter gene was expressed in bacteriocytes ."]
    assert extraction.lettered_panels(["the cells were grown .", *lines, "we then asked why ."]) == {1, 2, 3}
    assert extraction.lettered_panels(["b cells were counted .", "the cells were grown ."]) == set()
    assert extraction.lettered_panels(["b cells were counted .", "t cells were counted ."]) == set()
    assert extraction.lettered_panels(["i think so .", "h is the step size ."]) == set()  # not in order
    paper = paper_with("i an amino acid transporter gene was expressed in root epidermal cells.",
                       "j double-staining showed that a glucose transporter gene was expressed in bacteriocytes.")
    assert Document.prepare(paper, masked=True).non_sentences == {1, 2}


def test_a_labelled_list_cut_into_lines_is_no_sentence():
    """A line whose colon opens a first item with its own label and colon, when the next lines open with the same
    label word and a colon: the list's first line and its items; a colon's list that goes on in one line, or a next
    line with another opening, stays."""
    lines = ["correlated parameters can be described in <dig> groups : group <dig> : g <dig> among which any pair of "
             "parameters are correlated .",
             "group <dig> : g <dig> among which p <dig> and p <dig> are correlated .",
             "group <dig> : g <dig> among which no pair is correlated ."]
    assert extraction.labelled_list_lines(["the model was fitted .", *lines, "we then asked why ."]) == {1, 2, 3}
    relations = ["there are four possible relations between two genes : <dig> +a → +b : up - regulation of a is "
                 "followed by up - regulation of b .",
                 "<dig> -a → +b : down - regulation of a is followed by up - regulation of b ."]
    assert extraction.labelled_list_lines(relations) == {0, 1}
    # one line holds the list; the next line is a sentence of its own
    assert extraction.labelled_list_lines([
        "two groups were formed : group a : the controls ; group b : the treated mice .",
        "group sizes were equal ."]) == set()
    assert extraction.labelled_list_lines(["the key is : a : up ; b : down .", "b : the treated mice ."]) == set()
    # a count in words before the colon, one item after it, and the next line opening as that item
    groups = ["four groups of animals were studied : animals transplanted with gdnf cells <dig> days before "
              "injection .",
              "animals transplanted with gfp cells <dig> days before injection ."]
    assert extraction.labelled_list_lines([*groups, "the mice were then killed ."]) == {0, 1}
    # the whole list after the colon: the next line says more of its first item
    assert extraction.labelled_list_lines(["methods fall into two categories : multi - model methods and single - "
                                           "model methods .", "multi - model methods use a consensus ."]) == set()
    paper = paper_with("The model was fitted.", "Parameters fall into three groups: group 1: g1 among which all pairs "
                       "are correlated.", "Group 2: g2 among which p1 and p2 are correlated.", "We then asked why.")
    assert Document.prepare(paper, masked=True).non_sentences == {2, 3}


def test_a_line_that_says_which_values_are_set_in_bold_is_no_sentence():
    """Which values a table sets in bold, italics or underlined is its footnote; a colour stated of a thing, and "bold"
    of a writer, stay sentences."""
    tells_apart(extraction.states_how_values_are_shown,
                ["fold change > <dig> are in bold print .", "conserved motifs and cysteine residues were underlined .",
                 "statistically significant results at α = <dig> are in boldface .", "korean breeds are bold ."],
                ["in bowman , all these parts of plant are green .", "we were bold in our approach .",
                 "the bold print of the label was read by the patients ."])


def test_a_bulleted_lists_first_line_is_no_sentence_when_its_items_go_on():
    """A line that holds a bulleted list's first items, when the next line opens with a bullet: the list goes on in
    the next lines, and the first line is its piece; a list whole in its line stays a sentence."""
    origins = ["describing the networks requires considering variability , which may have various origins : ▪ "
               "intra-subject variability due to movement artifacts ▪ spatial variability caused by the sulci .",
               "▪ biological factors such as sex , genotype or protein expression .",
               "we then asked why ."]
    assert extraction.bulleted_lists_cut_into_lines(origins) == {0}
    whole = ["the main reasons are as follows : • their model came second ; • it uses no rules .",
             "we then asked why ."]
    assert extraction.bulleted_lists_cut_into_lines(whole) == set()
    assert extraction.bulleted_lists_cut_into_lines([origins[0], "we then asked why ."]) == set()
    # a dash glued to each item's first word is a bullet after a colon, not a Greek letter the text lost ("-catenin")
    types = ["the system can store the following data types for each case : -processed spectra acquired at <dig> t .",
             "-mri , t2 - w and proton density images .", "-case notes ."]
    assert extraction.bulleted_lists_cut_into_lines(types) == {0}
    assert extraction.bulleted_lists_cut_into_lines(["few nevi expressed -catenin .", "-catenin rose ."]) == set()
    paper = paper_with("The model was fitted.", "Variability may have various origins: ▪ movement artifacts "
                       "▪ spatial variability caused by the sulci.", "▪ biological factors such as sex.",
                       "We then asked why.")
    assert Document.prepare(paper, masked=True).non_sentences == {2, 3}


def test_a_comparisons_phrase_without_a_clause_is_no_sentence():
    assert predicates.is_a_comparison_only("compared to the positions in the human genome .")
    assert predicates.is_a_comparison_only("compared with the thr186 wild type .")
    assert not predicates.is_a_comparison_only("compared with controls , the mice gained weight .")
    assert not predicates.is_a_comparison_only("compared to controls the mice gained weight .")  # its comma lost
    paper = paper_with("The genes were mapped in the zebrafish.", "Compared to the positions in the human genome.")
    assert Document.prepare(paper, masked=True).non_sentences == {2}


def test_a_line_that_writes_an_index_range_with_an_ellipsis_is_no_sentence():
    ranges = ["suppose the genotype data are available from the snps of chromosome c , c= <dig> ... , c , r= <dig> "
              "... , rc .",
              "there must be αi = <dig> i = <dig> ⋯ , np .",
              "find a ranked list of biclusters lj for each level j = <dig> . . ."]
    for line in ranges:
        assert extraction.writes_an_index_range(line), line
    for line in ["the sample size was n = <dig> .", "we tested genes a , b , c ... and z in each cell .",
                 "the values ... were close to <dig> ."]:
        assert not extraction.writes_an_index_range(line), line


def test_a_line_a_paper_gives_three_times_is_a_legends_convention():
    convention = "Statistics were performed using t test."
    paper = paper_with(convention, "The mice gained weight on the diet.", convention, "The rats lost weight.", convention)
    assert Document.prepare(paper, masked=True).non_sentences == {1, 3, 5}
    twice = paper_with(convention, "The mice gained weight on the diet.", convention)  # said twice, it stays
    assert Document.prepare(twice, masked=True).non_sentences == frozenset()
    # a passage repeated whole: its lines have the same neighbours in each copy
    passage = ["The mice gained weight on the diet.", "The rats lost weight on the same diet.",
               "The dogs kept their weight."]
    assert Document.prepare(paper_with(*passage, *passage, *passage), masked=True).non_sentences == frozenset()


def test_two_sentences_run_together_at_a_names_number_are_no_sentence():
    tells_apart(predicates.runs_on_after_a_name,
                ["immunohistochemical evaluation revealed that the calf was positive for the antibody c <dig> but not for "
                 "the antibody ca3/34-c <dig> rt - pcr evaluation of a blood sample was positive for pestiviral rna .",
                 "line l <dig> had two t <dig> plants which were derived from t <dig> plant t0- <dig> l <dig> plants carry a "
                 "single copy of the cassette .",
                 "with the discrete scheme we capture the oscillations but not the partial activation of p <dig> cnorfuzzy "
                 "implements a continuous representation of states ."],
                ["we found that the il- <dig> expression was increased in these cells .",  # a complement's subject
                 "mice that lacked il- <dig> receptor were smaller .",  # no auxiliary before the name
                 "the cells were treated with tgf <dig> protein was added later .",  # a noun that goes on the name
                 "the cells were incubated for <dig> h cells were then washed .",  # a count's unit
                 "the samples were collected in <dig> the patients were ill ."])  # a determiner: the older test's
    paper = paper_with("the calf was positive for antibody c <dig> rt-pcr evaluation of a blood sample was positive.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}
    assert Document.prepare(paper).non_sentences == frozenset()  # papers only


def test_two_sentences_run_together_after_a_closed_list_of_names_are_no_sentence():
    tells_apart(predicates.runs_on_after_a_closed_list_of_names,
                ["here , we show that type <dig> npcs express cx <dig> cx <dig> and cx <dig> cx <dig> and cx <dig> "
                 "have been observed in embryonic npc populations .",
                 "a family of factors that play a key role in development is that of p <dig> p <dig> and p <dig> "
                 "p <dig> is at the centre of a tumour suppressor network ."],
                ["so , we decided to check if in the absence of septins such as spr <dig> and spr <dig> cdc <dig> was "
                 "able to localize correctly .",  # the subordinate clause's own subject, after a lost comma
                 "antisense lncrnas include tcons_ <dig> and tcons_ <dig> ; <dig> were re-classified as intronic .",
                 "the most abundant mirnas are mir <dig> and mir <dig> with <dig> and <dig> reads , respectively .",
                 "the proteins of spr <dig> and spr <dig> cdc <dig> were purified .",  # no predicate before the list
                 "we tested spr <dig> and cdc <dig> cdc <dig> was able to localize ."])  # no list of one name
    paper = paper_with("We show that npcs express cx 26 cx 30 and cx 43 cx 30 and cx 43 have been seen in npcs.")
    assert Document.prepare(paper, masked=True).non_sentences == {1}


def test_a_line_that_repeats_a_sentence_after_a_heading_run_into_it_is_no_sentence():
    """Cohan-format articles hold some passages twice, once with a section's title run into the first line."""
    sentences = [
        "co - morbidities in venous thromboembolism patients of the <dig> patients with dvt , <dig> % had upper "
        "extremity dvt and the site was not known in <dig> patients .",  # 0: a heading, then sentence 4
        "risk factors for venous thromboembolism based on the available records , <dig> patients had one risk factor .",  # 1: 5
        "in nature there are two types of processes that form these roots .",  # 2: a fronted phrase, then 6
        "after the cyst capsule was identified , two forceps were used to strip the capsule .",  # 3: whole; 7 is its cut half
        "of the <dig> patients with dvt , <dig> % had upper extremity dvt and the site was not known in <dig> patients .",
        "based on the available records , <dig> patients had one risk factor .",
        "there are two types of processes that form these roots .",
        "was identified , two forceps were used to strip the capsule .",
        "in the period of late july to october <dig> , four samples of each plant were collected .",  # 8: "to" goes on
        "to october <dig> , four samples of each plant were collected .",
    ]
    assert predicates.headed_copies(sentences, passed_over=set()) == {0, 1, 2}
    # the copy passed over itself ("was identified , ..." opens with a verb anyway): the headed line stays
    assert predicates.headed_copies(sentences, passed_over={4}) == {1, 2}
    # a sentence whose first part has a predicate repeats a sentence, not a heading
    assert predicates.headed_copies(["we saw that the patients had one risk factor each .",
                                     "the patients had one risk factor each ."], set()) == set()
    # too short a copy repeats by chance
    assert predicates.headed_copies(["methods statistical analysis was done .", "statistical analysis was done ."],
                                    set()) == set()
    paper = "\n".join(["Risk factors for venous thromboembolism Based on the available records, 54 patients had one risk factor.",
                       "The patients were followed for a year.",
                       "Based on the available records, 54 patients had one risk factor."])
    assert Document.prepare(paper, masked=True).non_sentences == {0}
    assert Document.prepare(paper).non_sentences == frozenset()  # papers only


def test_a_compound_adjectives_past_form_and_a_titles_name_before_a_number_are_no_verbs():
    # "paired - end": the first part of a compound adjective; "body map <dig>": a name, in a title's words
    assert not predicates.has_predicate("number of genes detected as part of chimera in body map <dig> <dig> nts "
                                        "paired - end dataset .")
    assert not predicates.has_predicate("expression of genes in body map <dig> .")
    assert predicates.has_predicate("the reads were paired - end .")
    assert predicates.has_predicate("the cells of the body map <dig> were counted .")  # no title's opening


def test_a_line_that_ends_on_the_next_sentences_pointer_is_no_sentence():
    tells_apart(extraction.ends_with_the_next_sentences_pointer,
                ["the comparison results are shown in figure <dig> from figure <dig>",
                 "the results are shown in figures <dig> and <dig> in figure <dig>",
                 "the calculations are presented in table <dig> as seen in table <dig>"],
                ["the promoter activity was high except for at5g <dig> as shown in figure <dig>",  # a gene's number
                 "the results are shown in figure <dig> and table <dig>",  # one pointer to two
                 "the results are shown in figure <dig> in figure <dig> ."])  # a stop: the splitter did not cut there
    paper = paper_with("The comparison results are shown in Figure 3 from Figure 3 the first four groups represent "
                       "the performance of the methods.")
    assert 1 in Document.prepare(paper, masked=True).non_sentences
    assert Document.prepare(paper).non_sentences == frozenset()  # papers only


def test_is_only_a_noun_by_the_lexicon():
    assert predicates.is_only_a_noun("identification") and predicates.is_only_a_noun("integration")
    # a word that may be a verb ("study"), a verb, a word the lexicon lacks, and a pronoun (listed as a noun)
    assert not any(predicates.is_only_a_noun(word) for word in ("we", "study", "paid", "mrna", "they"))
