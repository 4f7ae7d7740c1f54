"""TLS for the box network: a small certificate authority made at set-up, the
broker's certificate signed by it, and the boxes' check of that certificate.

The CA's private key signs the broker's certificate and is then forgotten
(never written): nobody can later sign another "broker" for this evening.
Each box carries only the CA's certificate (in its pairing file) and refuses
a broker that cannot show a certificate from it. Keys are EC P-256 (quick to
make and to check on a Pi).
"""

from __future__ import annotations

import datetime
import ipaddress
import ssl

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

#: a pairing is good for this long (an evening, or a season of them)
VALID_DAYS = 3 * 365


def _name(common: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Wakkerdam"),
                      x509.NameAttribute(NameOID.COMMON_NAME, common)])


def _alt_name(host: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(host))
    except ValueError:
        return x509.DNSName(host)


def make_certificates(evening: str, host: str) -> tuple[str, str, str]:
    """(CA certificate, broker certificate, broker key) as PEM text. The
    broker's certificate names ``host`` (as the boxes reach it) and this
    machine's own loopback, for a box that runs the broker itself."""
    now = datetime.datetime.now(datetime.UTC)
    start, end = now - datetime.timedelta(hours=1), now + datetime.timedelta(days=VALID_DAYS)
    ca_key = ec.generate_private_key(ec.SECP256R1())
    ca_name = _name(f"Wakkerdam evening {evening}")
    ca = (x509.CertificateBuilder().subject_name(ca_name).issuer_name(ca_name)
          .public_key(ca_key.public_key()).serial_number(x509.random_serial_number())
          .not_valid_before(start).not_valid_after(end)
          .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
          .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False,
                                       key_encipherment=False, data_encipherment=False,
                                       key_agreement=False, key_cert_sign=True, crl_sign=True,
                                       encipher_only=False, decipher_only=False), critical=True)
          .add_extension(x509.SubjectKeyIdentifier.from_public_key(ca_key.public_key()), critical=False)
          .sign(ca_key, hashes.SHA256()))
    key = ec.generate_private_key(ec.SECP256R1())
    names = dict.fromkeys([host, "localhost", "127.0.0.1", "::1"])
    cert = (x509.CertificateBuilder().subject_name(_name(f"Wakkerdam broker {evening}"))
            .issuer_name(ca_name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(start).not_valid_after(end)
            .add_extension(x509.SubjectAlternativeName([_alt_name(h) for h in names]), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
                           critical=False)
            .sign(ca_key, hashes.SHA256()))
    pem = serialization.Encoding.PEM
    key_pem = key.private_bytes(pem, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    return ca.public_bytes(pem).decode("ascii"), cert.public_bytes(pem).decode("ascii"), key_pem.decode("ascii")


def client_context(ca_pem: str) -> ssl.SSLContext:
    """A box's TLS: only a broker with a certificate from this evening's CA,
    under the name the box dials (TLS 1.2 or newer)."""
    context = ssl.create_default_context(ssl.Purpose.SERVER_AUTH, cadata=ca_pem)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    return context
