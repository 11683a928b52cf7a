"""The model bundles shipped with the app: one table that the page and API (``app/models.py``) and
the command line (``app/summarize.py``) share. It imports nothing heavy, so that the command line's
``--help`` starts without loading torch (app/__init__.py imports the summarizer lazily)."""
from dataclasses import dataclass
from pathlib import Path

APP_DIR = Path(__file__).resolve().parent


@dataclass(frozen=True)
class ShippedModel:
    key: str  # what the page's menu and the API pass
    name: str  # what ``python -m app.summarize --model NAME`` takes
    bundle: Path  # the bundle directory (app/bundle.py)
    label: str  # what a person reads in the menu: the kind of summary it writes

    @property
    def checkpoint(self) -> Path:
        return self.bundle / "checkpoint.pt"


# in the order a person sees them; the first one installed is the default. In each domain the models
# that give the article's own words come first; the free abstractive models, whose decoders write
# sentences of their own and join clauses from distant places of the article (docs/rewriting.md),
# come last, labelled as research models
SHIPPED_MODELS = (
    ShippedModel("extractive", "extractive", APP_DIR / "model_extractive",
                 "News articles: Fastformer, extractive (picks the article's own sentences)"),
    ShippedModel("rewriting", "news-rewriting", APP_DIR / "model_rewriting",
                 "News articles: Fastformer, rewritten, experimental (the extractive model's sentences, shortened)"),
    ShippedModel("shipped", "news", APP_DIR / "model",
                 "News articles: Fastformer, abstractive, research model (writes its own sentences; check its facts)"),
    ShippedModel("papers_extractive", "papers-extractive", APP_DIR / "model_papers_extractive",
                 "Scientific papers: Fastformer, extractive (picks the paper's own sentences)"),
    ShippedModel("papers_rewriting", "papers-rewriting", APP_DIR / "model_papers_rewriting",
                 "Scientific papers: Fastformer, rewritten, experimental (the extractive model's sentences, shortened)"),
    ShippedModel("papers", "papers", APP_DIR / "model_papers",
                 "Scientific papers: Fastformer, abstractive, research model (reads whole papers; its facts and "
                 "figures are often wrong)"),
)
SHIPPED_BY_KEY = {model.key: model for model in SHIPPED_MODELS}
