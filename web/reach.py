"""How a phone finds the page: a port it need not type, and a name.

The page listens on port 80 where the box may (the service has the
capability to: deploy/wakkerdam.service), else on 8080. Its name,
``wakkerdam.local``, is announced over multicast DNS (python-zeroconf: the
host name's address record and an ``_http._tcp`` service, so phones and
laptops that browse for services see "Wakkerdam" too). A second box on the
same network already called that is left its name: this one takes
``wakkerdam-2.local`` (an evening of Dorpen, verenigt U has several boxes).
The QR code holds the name; the address by number is said as well, for
phones that do not resolve ``.local`` names.
"""

from __future__ import annotations

import errno
import socket
from dataclasses import dataclass
from typing import Any

#: the port a phone's browser tries by itself, then the one anybody may open
PORTS = (80, 8080)
DEFAULT_NAME = "wakkerdam"
#: how long to listen for another device that answers to the name (ms)
PROBE_MS = 1500
#: names tried after the first: wakkerdam-2 ... wakkerdam-9
MORE_NAMES = range(2, 10)


class PortTaken(OSError):
    """None of the ports could be opened (the last error says why)."""


def listen(host: str, port: int | None) -> socket.socket:
    """A listening socket on ``port``, or (None) on the first of ``PORTS``
    this process may open: port 80 needs root or CAP_NET_BIND_SERVICE."""
    tried = [port] if port is not None else list(PORTS)
    last: OSError | None = None
    for p in tried:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, p))
            sock.listen(128)
        except OSError as exc:
            sock.close()
            last = exc
            if exc.errno not in (errno.EACCES, errno.EPERM, errno.EADDRINUSE):
                raise
            continue
        sock.set_inheritable(True)
        return sock
    raise PortTaken(*(last.args if last else (errno.EADDRINUSE, "no port")))


def ipv4_addresses(host: str) -> list[str]:
    """The box's IPv4 addresses a phone may reach: ``host`` itself when it is
    one address, else every interface's but loopback (loopback alone when
    there is nothing else: a box with no network yet, a test's namespace)."""
    if host not in ("0.0.0.0", "", "::"):
        try:
            socket.inet_aton(host)
        except OSError:
            return []
        return [host]
    import ifaddr

    found = [ip.ip for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if isinstance(ip.ip, str) and not ip.ip.startswith("169.254.")]
    outside = [a for a in found if not a.startswith("127.")]
    return outside or [a for a in found if a.startswith("127.")][:1]


def url(host: str, port: int) -> str:
    """``http://wakkerdam.local/``, ``http://10.42.0.1:8080/``."""
    return f"http://{host}/" if port == 80 else f"http://{host}:{port}/"


@dataclass
class Announcer:
    """The page's name on the network while ``serve`` runs (``close`` takes it back)."""

    addresses: list[str]
    port: int
    zeroconf: Any = None
    info: Any = None
    name: str | None = None

    def start(self, wanted: str = DEFAULT_NAME) -> str | None:
        """Announce ``wanted`` (or the first free ``wanted-N``); the name
        announced, or None when multicast DNS cannot start here."""
        from zeroconf import IPVersion, ServiceInfo, Zeroconf

        if not self.addresses:
            return None
        try:
            self.zeroconf = Zeroconf(interfaces=self.addresses, ip_version=IPVersion.V4Only)
        except OSError:
            return None
        name = self._free(wanted)
        packed = [socket.inet_aton(a) for a in self.addresses]
        self.info = ServiceInfo("_http._tcp.local.", f"Wakkerdam ({name})._http._tcp.local.",
                                addresses=packed, port=self.port, server=f"{name}.local.",
                                properties={"path": "/"})
        try:
            self.zeroconf.register_service(self.info, allow_name_change=True)
        except Exception:  # (zeroconf's own errors): the page works by its address
            self.close()
            return None
        self.name = name
        return name

    def _free(self, wanted: str) -> str:
        """The first of ``wanted``, ``wanted-2`` ... that nobody else answers to
        (this box's own answer, from avahi when the host has the name, is ours)."""
        from zeroconf import AddressResolver

        for name in [wanted, *(f"{wanted}-{n}" for n in MORE_NAMES)]:
            resolver = AddressResolver(f"{name}.local.")
            if not resolver.request(self.zeroconf, PROBE_MS):
                return name
            if set(resolver.parsed_addresses()) <= set(self.addresses):
                return name
        return f"{wanted}-{MORE_NAMES[-1] + 1}"

    def close(self) -> None:
        if self.zeroconf is not None:
            try:
                if self.info is not None:
                    self.zeroconf.unregister_service(self.info)
            finally:
                self.zeroconf.close()
                self.zeroconf = None
