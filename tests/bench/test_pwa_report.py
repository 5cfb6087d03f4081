"""``make bench-pwa``'s table: each page figure as a ratio to the floor, with its visits'
spread beside the median."""

from __future__ import annotations

from bench.pwa import report


def test_the_table_gives_each_figure_its_fastest_and_slowest_visit():
    runs = {"floor": [0.17, 0.16, 0.18], "landing": [1.2, 1.1, 1.3], "first": [0.4, 0.3, 0.5],
            "repeat": [0.15, 0.14, 0.2], "notification": [0.1, 0.25, 0.3]}
    figures = {f"{key}_runs": values for key, values in runs.items()}
    figures.update(floor_s=0.17, landing_s=1.2, landing_ratio=1.2 / 0.17, first_visit_s=0.4,
                   first_ratio=0.4 / 0.17, repeat_visit_s=0.15, repeat_ratio=0.15 / 0.17,
                   notification_open_s=0.25, notification_ratio=0.25 / 0.17, long_tasks=0,
                   longest_task_ms=12.0, shell_gzip_bytes=55_000, all_files_gzip_bytes=100_000)
    rows = {line.split(" | ")[0].lstrip("| "): line.split(" | ")[1:]
            for line in report(figures).splitlines()[2:]}
    first = next(cells for name, cells in rows.items() if name.startswith("table: first"))
    assert first[0] == "2.35× (0.40 s)" and first[1] == "300–500 ms"
    opened = next(cells for name, cells in rows.items() if "notification" in name)
    assert opened[1] == "100–300 ms"
    floor = next(cells for name, cells in rows.items() if name.startswith("floor"))
    assert floor[:2] == ["0.17 s", "160–180 ms"]
