"""scripts/encoder_ablation.py on the tiny trained bundle: each ablation changes what it should and
leaves the loaded model alone, bad arguments are messages (the loss itself: test_likelihood.py)."""
import copy
import math
import re
import subprocess
import sys
from pathlib import Path

import pytest
import torch

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import encoder_ablation  # noqa: E402

from fairseq_plugins.evaluation import likelihood  # noqa: E402


@pytest.fixture(scope="module")
def loaded(tiny_bundle, tiny_training):
    data_bin = str(tiny_training / "data-bin" / "toy")
    loaded = likelihood.load(tiny_bundle / "checkpoint.pt", data_bin)
    return loaded.model, loaded.task, loaded.updates, data_bin


def test_ablations_change_the_loss_and_leave_the_model_alone(loaded, tiny_bundle):
    _, _, _, data_bin = loaded
    row = encoder_ablation.ablate(str(tiny_bundle / "checkpoint.pt"), data_bin,
                                  ["none", "no_self_attention", "no_encoder_layers", "none"], articles=8)
    bits = row["nll_bits"]
    assert set(bits) == {"none", "no_self_attention", "no_encoder_layers"}
    assert all(math.isfinite(v) and v > 0 for v in bits.values())
    assert bits["no_self_attention"] != pytest.approx(bits["none"], rel=1e-4)
    assert bits["no_encoder_layers"] != pytest.approx(bits["no_self_attention"], rel=1e-4)
    model, task, _, _ = loaded
    assert likelihood.nll_bits(model, task, 8) == pytest.approx(bits["none"], rel=1e-6)


def test_zeroed_attention_is_the_residual_path(loaded):
    """With the self-attention sublayer zeroed, an encoder layer is x + FFN(LN(x)) exactly."""
    model, _, _, _ = loaded
    ablated = copy.deepcopy(model)
    encoder_ablation.zero_self_attention(ablated)
    layer = ablated.encoder.layers[0]
    x = torch.randn(2, 5, layer.feed_forward.norm.normalized_shape[0])
    with torch.no_grad():
        expected = x + layer.feed_forward.sublayer(layer.feed_forward.norm(x))
        torch.testing.assert_close(layer(x, torch.zeros(2, 5, dtype=torch.bool)), expected)


def test_table_and_cli_errors(loaded, tiny_bundle):
    _, _, _, data_bin = loaded
    script = str(REPO / "scripts" / "encoder_ablation.py")
    ok = subprocess.run([sys.executable, script, "--data-bin", data_bin, "--articles", "4", str(tiny_bundle / "checkpoint.pt")],
                        capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0, ok.stderr[-2000:]
    lines = ok.stdout.strip().splitlines()
    assert lines[0].startswith("| checkpoint | updates | hours | none (bits) | no_self_attention (bits)")
    assert len(lines) == 3, ok.stdout
    assert len(re.findall(r"\d\.\d{3} \([+-]\d+\.\d{3}\)", lines[2])) == 2, lines[2]  # both ablations with their rise
    bad = subprocess.run([sys.executable, script, "--data-bin", data_bin, "--ablations", "none,everything", "x.pt"],
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "unknown ablation(s) everything" in bad.stderr
    missing = subprocess.run([sys.executable, script, "--data-bin", data_bin, "nowhere.pt"], capture_output=True, text=True, timeout=300)
    assert missing.returncode != 0 and "nowhere.pt: no such checkpoint file" in missing.stderr
    assert "Traceback" not in missing.stderr


def test_no_local_conv_skips_the_convolution_and_is_na_without_one(loaded):
    """Skipping a convolution equals zeroing its weights (the residual keeps x); a model without
    one gets n/a, not a copy of the unablated loss."""
    from fairseq_plugins.models.efficient_transformer import Residual
    from fairseq_plugins.modules.depthwise_conv import DepthwiseConv

    model, task, _, _ = loaded
    plain = copy.deepcopy(model)
    assert encoder_ablation.skip_local_conv(plain) is False

    torch.manual_seed(0)
    with_conv = copy.deepcopy(model)
    dim = with_conv.encoder.layers[0].feed_forward.norm.normalized_shape[0]
    for layer in with_conv.encoder.layers:
        layer.local_conv = Residual(DepthwiseConv(dim, 3), dim, 0.0, False).eval()
        torch.nn.init.normal_(layer.local_conv.sublayer.conv.weight, std=0.5)
    zeroed = copy.deepcopy(with_conv)
    for layer in zeroed.encoder.layers:
        torch.nn.init.zeros_(layer.local_conv.sublayer.conv.weight)
    skipped = copy.deepcopy(with_conv)
    assert encoder_ablation.skip_local_conv(skipped) is True
    assert all(layer.local_conv is None for layer in skipped.encoder.layers)

    bits = {name: likelihood.nll_bits(m, task, 8) for name, m in
            [("as_is", model), ("zeroed", zeroed), ("skipped", skipped)]}
    assert bits["skipped"] == pytest.approx(bits["zeroed"], rel=1e-6)
    assert bits["skipped"] == pytest.approx(bits["as_is"], rel=1e-6)
    # the tiny model barely uses its encoder, so the convolution shows in the encoder's output
    dataset = task.dataset("valid")
    net_input = dataset.collater([dataset[i] for i in range(4)])["net_input"]
    with torch.no_grad():
        memory = {name: m.encoder(net_input["src_tokens"], net_input["src_lengths"])["encoder_out"][0]
                  for name, m in [("conv", with_conv), ("zeroed", zeroed), ("skipped", skipped)]}
    torch.testing.assert_close(memory["skipped"], memory["zeroed"])
    assert (memory["conv"] - memory["skipped"]).abs().max() > 0.1
    assert "n/a" in encoder_ablation.table([{"checkpoint": "c.pt", "updates": 1, "hours": 0.1,
                                             "nll_bits": {"none": 3.0, "no_local_conv": None}}],
                                           ["none", "no_local_conv"])
