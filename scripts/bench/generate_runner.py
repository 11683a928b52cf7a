"""fairseq-generate with timers:
`python generate_runner.py RESULT.json -- <fairseq-generate args>`.

Runs fairseq's own generate entry point unchanged, with three class-level wrappers installed
first (our plugin is imported first, so its fixes, the CPU trigram blocking included, are in):

    SequenceGenerator.generate     time and size of every batch (what fairseq's gen_timer covers)
    EnsembleModel.forward_encoder  the encoder's part of it
    NGramRepeatBlock.forward       trigram blocking (fixes.py's vectorised _no_repeat_ngram)

and writes them to RESULT.json with the lengths of the best hypotheses.
"""
import json
import sys
import time


def main() -> int:
    result_path, rest = sys.argv[1], sys.argv[2:]
    if rest and rest[0] == "--":
        rest = rest[1:]

    import fairseq_plugins  # noqa: F401  (the fixes: trigram blocking on CPU, checkpoint loading)
    from fairseq.ngram_repeat_block import NGramRepeatBlock
    from fairseq.sequence_generator import EnsembleModel, SequenceGenerator

    record = {"batches": [], "hypothesis_lengths": []}
    current = {"ngram_s": 0.0, "ngram_calls": 0, "encoder_s": 0.0}

    def timed(cls, name, key):
        original = getattr(cls, name)

        def wrapper(self, *args, **kwargs):
            t0 = time.perf_counter()
            try:
                return original(self, *args, **kwargs)
            finally:
                current[key] += time.perf_counter() - t0
                if key == "ngram_s":
                    current["ngram_calls"] += 1

        setattr(cls, name, wrapper)

    timed(NGramRepeatBlock, "forward", "ngram_s")
    timed(EnsembleModel, "forward_encoder", "encoder_s")
    original_generate = SequenceGenerator.generate

    def generate(self, models, sample, **kwargs):
        for key in current:
            current[key] = 0 if key == "ngram_calls" else 0.0
        t0 = time.perf_counter()
        hypos = original_generate(self, models, sample, **kwargs)
        seconds = time.perf_counter() - t0
        src = sample["net_input"]["src_tokens"]
        record["batches"].append(dict(current, sentences=int(src.size(0)), source_length=int(src.size(1)), seconds=seconds))
        record["hypothesis_lengths"].extend(int(h[0]["tokens"].numel()) for h in hypos)
        return hypos

    SequenceGenerator.generate = generate

    from fairseq_cli.generate import cli_main

    sys.argv = ["fairseq-generate"] + rest
    cli_main()
    with open(result_path, "w") as f:
        json.dump(record, f)
    return 0


if __name__ == "__main__":
    sys.exit(main())
