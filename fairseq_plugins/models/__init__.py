"""Models registered with fairseq (`--arch NAME`)."""
from . import efficient_transformer  # noqa: F401
from . import extractive  # noqa: F401
from . import lightconv_presets  # noqa: F401
from . import rewriter  # noqa: F401


def model_name(model_cfg):
    """The registered model a checkpoint's ``cfg["model"]`` names, or None.  A dict or DictConfig
    (fairseq-train, exported bundles) names it in ``_name``, an argparse Namespace in ``arch``, and
    either may hold an architecture's name (``fastformer_conv_small``), mapped to its model's."""
    from fairseq.models import ARCH_MODEL_NAME_REGISTRY

    field = model_cfg.get if hasattr(model_cfg, "get") else (lambda key: getattr(model_cfg, key, None))
    name = field("_name") or field("arch")
    return ARCH_MODEL_NAME_REGISTRY.get(name, name)
