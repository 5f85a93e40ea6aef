"""LAN discovery on one interface, for a bounded time: announce a table, or list the tables heard.

    python -m tests.club.lan_probe advertise --interface IP --table NAME --seconds S
    python -m tests.club.lan_probe browse --interface IP --seconds S

`browse` prints the names of the tables it heard, as one JSON list on its last line; `advertise` prints
"advertising" once its announcement is under way. Run inside a network namespace (tests/club/netns.py)
they tell whether zeroconf reaches from one namespace to another (tests/club/test_netns_windows.py).
"""
import argparse
import json
import sys
import time


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("advertise", "browse"))
    parser.add_argument("--interface", required=True)
    parser.add_argument("--table", default="probe")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    from net import discovery
    deadline = time.monotonic() + min(args.seconds, 60.0)
    if args.what == "advertise":
        ad = discovery.Advertiser(name=args.table, game="tactics1940", port=4000, seats=2, open_seats=1,
                                  phase="lobby", interfaces=[args.interface])
        print("advertising", flush=True)
        while time.monotonic() < deadline:
            time.sleep(0.1)
        ad.close()
        return 0
    browser = discovery.Browser(interfaces=[args.interface])
    heard: set = set()
    while time.monotonic() < deadline:
        heard.update(ad.table for ad in browser.tables())
        time.sleep(0.1)
    browser.close()
    print(json.dumps(sorted(heard)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
