/**
 * @simplewebauthn/server, loaded with the first passkey ceremony rather than at start: with its
 * CBOR, ASN.1 and certificate parsers it is ~4 MB of heap and 15 MB of memory in all, which a
 * server whose people never add a passkey does not need (issue #36). Node keeps the module once
 * loaded, so later calls cost one resolved promise.
 */
export const loadWebAuthn = () => import('@simplewebauthn/server');
