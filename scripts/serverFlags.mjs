// The Node flags the server runs with: `npm start` (package.json), the end-to-end tests and the
// benchmarks. Plain JavaScript, as scripts/start.mjs is. V8 reads them when the process starts:
// they cannot be set from inside it.
//
// --max-semi-space-size=32: a young generation of up to 2 × 32 MB instead of 2 × 16. Under live
// load (issue #18, 750 sockets moving pointers at 30 Hz) the server allocates ~150 MB a second,
// nearly all of it short-lived (a pointer move lives one 33 ms batch); with the default, objects
// still in flight at two scavenges in a row got promoted (~20 MB a second), which made a
// 10 ms mark-compact every few seconds and event-loop stalls of 20-50 ms. With 32 MB: half the
// scavenges, a fifth of the promotion, 10-15 % less CPU and ~100 MB less peak memory. The
// young generation grows only under load: the idle server is as small as before.
//
// --liftoff-only: the embedded database (PGlite) is PostgreSQL compiled to 9 MB of WebAssembly.
// V8 compiles it twice by default — at once with its baseline compiler (Liftoff), then the hot
// functions again with its optimising one (TurboFan) in the background — and keeps both. With
// Liftoff alone the idle server is 45-60 MB smaller and starts with less CPU (issue #36), and
// the database is no slower for this app's short queries: 3,000 inserts and indexed reads took
// 3.6-4.7 s with Liftoff alone and 4.0-4.9 s with both, measured side by side. JavaScript is not
// affected, and the flag does nothing on a PostgreSQL server.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32', '--liftoff-only'];
