"""Every request body the project ships (examples/, the benchmarks' bodies), as (game, endpoint, body): the corpus
that the loader and the encoder tests run over."""
import json
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent


def corpus() -> list[tuple[str, str, dict]]:
    out = []
    for path in sorted((ROOT / "examples").glob("*/*.json")):
        body = json.loads(path.read_text())
        game = body.pop("game", path.parent.name)
        endpoint = next(ep for ep in ("score", "check", "validate") if ep in path.stem or ep == "validate")
        if path.stem == "game":
            endpoint = "validate"
        out.append((game, endpoint, body))
    from benchmarks.load import bodies
    from benchmarks.ratios import validate_bodies
    for p, b in bodies():
        _, _, _, game, endpoint = p.split("/")
        out.append((game, endpoint, b))
    out += [(g, "validate", json.loads(t)) for g, t in validate_bodies().items()]
    return out


CORPUS = corpus()
