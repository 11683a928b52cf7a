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


# in the order a person sees them; the first one installed is the default (so an experimental
# model comes after the others of its domain)
SHIPPED_MODELS = (
    ShippedModel("extractive", "extractive", APP_DIR / "model_extractive",
                 "News articles: Fastformer, extractive (picks the article's own sentences)"),
    ShippedModel("shipped", "news", APP_DIR / "model",
                 "News articles: Fastformer, abstractive (writes new sentences)"),
    ShippedModel("rewriting", "news-rewriting", APP_DIR / "model_rewriting",
                 "News articles: Fastformer, rewritten, experimental (the extractive model's sentences, shortened)"),
    ShippedModel("papers_extractive", "papers-extractive", APP_DIR / "model_papers_extractive",
                 "Scientific papers: Fastformer, extractive (picks the paper's own sentences)"),
    ShippedModel("papers", "papers", APP_DIR / "model_papers",
                 "Scientific papers: Fastformer, abstractive (reads whole papers)"),
    ShippedModel("papers_rewriting", "papers-rewriting", APP_DIR / "model_papers_rewriting",
                 "Scientific papers: Fastformer, rewritten, experimental (the extractive model's sentences, shortened)"),
)
SHIPPED_BY_KEY = {model.key: model for model in SHIPPED_MODELS}
