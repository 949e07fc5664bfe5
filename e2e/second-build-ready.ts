// Global setup of the journeys: the second builds of mf-landers (e2e/serve-second-build.mjs) build
// while the site starts; no journey runs before they are served (:8087 is served last).
const SECOND_BUILD = 'http://localhost:8087/mf-manifest.json';
const WITHIN_MS = 240_000;

export default async function secondBuildReady(): Promise<void> {
  const until = Date.now() + WITHIN_MS;
  for (;;) {
    try {
      if ((await fetch(SECOND_BUILD)).ok) return;
    } catch {
      // not served yet
    }
    if (Date.now() > until) throw new Error(`the second builds of mf-landers were not served at ${SECOND_BUILD} within ${WITHIN_MS / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
