"""The two depths of the suite cover everything once between them: the everyday run's sample
of a walk keeps every folder and shape of page, and `--deep` takes exactly the rest."""

from __future__ import annotations

from pathlib import Path

from .conftest import Depth
from .site.layout import shapes_sample

ARTICLE = "<html><body><article>{}</article></body></html>"


def write_site(site: Path, pages: dict[str, str]) -> list[str]:
    for path, article in pages.items():
        (site / path).mkdir(parents=True, exist_ok=True)
        (site / path / "index.html").write_text(ARTICLE.format(article), encoding="utf-8")
    return list(pages)


def test_the_sample_keeps_each_folders_first_page_and_the_largest_page_of_each_shape(tmp_path: Path) -> None:
    content = tmp_path / "content"
    (content / "demo" / "translations" / "fr").mkdir(parents=True)
    (content / "demo" / "translations" / "fr" / "fear.yml").write_text("name: Peur\n")
    pages = write_site(
        tmp_path / "site",
        {
            "": "<p>home</p>",
            "demo/": "<p>the system</p>",
            "demo/fear/": "<p>a rule</p>",
            "demo/fleet/": "<p>a longer rule, the largest of its shape</p>",
            "demo/orks/": '<div class="rr-scroll"><table><tr><td>WS</td></tr></table></div>',
            "demo/boyz/": '<div class="rr-scroll"><table><tr><td>WS</td><td>BS</td></tr></table></div>',
            "demo/mob/": '<div class="rr-try other"></div>',
            "tags/": "<p>tags</p>",
            "tags/morale/": "<p>one tag</p>",
            "fr/": "<p>accueil</p>",
            "fr/demo/fear/": "<p>une règle</p>",
        },
    )
    sample = shapes_sample(tmp_path / "site", content, pages)
    # firsts: "", demo/, tags/, fr/ (and fr/demo/); the largest plain page, table and form
    assert sample == ["", "demo/", "demo/fleet/", "demo/boyz/", "demo/mob/", "tags/", "fr/", "fr/demo/fear/"]


def test_the_deep_run_takes_what_the_everyday_run_left_and_nothing_twice() -> None:
    everything = list(range(20))
    sample = everything[::4]
    everyday, deep = Depth(False).part(everything, sample), Depth(True).part(everything, sample)
    assert everyday == sample
    assert sorted(everyday + deep) == everything
    assert Depth(False).pick("a", "b") == "a" and Depth(True).pick("a", "b") == "b"
    fourths, rest = Depth(False).every(everything, 4), Depth(True).every(everything, 4)
    assert fourths == [0, 4, 8, 12, 16] and sorted(fourths + rest) == everything
