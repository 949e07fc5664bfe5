import type { Db } from '../db';

/**
 * DEMO PARTNER DATA. There is no real webcam or resell partner behind this project: these rows
 * (marked demo = true) only let the tiles, the redirect and the resell flow be tried end to end.
 * Their links point at example.com (reserved for examples, RFC 2606). An operator replaces them
 * with a partner's real catalogue (see api/README.md, "Partners").
 */
const DEMO_CAMS: { account: string; name: string; gender: 'male' | 'female'; age: number; online: boolean; colour: string }[] = [
  { account: 'demo-aurora', name: 'Aurora', gender: 'female', age: 24, online: true, colour: '#e76f51' },
  { account: 'demo-bella', name: 'Bella', gender: 'female', age: 29, online: true, colour: '#f4a261' },
  { account: 'demo-chiara', name: 'Chiara', gender: 'female', age: 33, online: false, colour: '#2a9d8f' },
  { account: 'demo-daria', name: 'Daria', gender: 'female', age: 41, online: true, colour: '#264653' },
  { account: 'demo-elena', name: 'Elena', gender: 'female', age: 27, online: false, colour: '#8e44ad' },
  { account: 'demo-fleur', name: 'Fleur', gender: 'female', age: 36, online: true, colour: '#c0392b' },
  { account: 'demo-greta', name: 'Greta', gender: 'female', age: 22, online: true, colour: '#d35400' },
  { account: 'demo-hanna', name: 'Hanna', gender: 'female', age: 48, online: false, colour: '#16a085' },
  { account: 'demo-ines', name: 'Inès', gender: 'female', age: 31, online: true, colour: '#b5179e' },
  { account: 'demo-julia', name: 'Julia', gender: 'female', age: 55, online: true, colour: '#7209b7' },
  { account: 'demo-alex', name: 'Alex', gender: 'male', age: 26, online: true, colour: '#3a86ff' },
  { account: 'demo-bruno', name: 'Bruno', gender: 'male', age: 34, online: false, colour: '#023e8a' },
  { account: 'demo-cedric', name: 'Cédric', gender: 'male', age: 39, online: true, colour: '#0077b6' },
  { account: 'demo-dawid', name: 'Dawid', gender: 'male', age: 23, online: true, colour: '#2d6a4f' },
  { account: 'demo-enzo', name: 'Enzo', gender: 'male', age: 45, online: false, colour: '#6a4c93' },
  { account: 'demo-finn', name: 'Finn', gender: 'male', age: 30, online: true, colour: '#1982c4' },
];

const DEMO_RESELL: { flow: string; name: string }[] = [
  { flow: 'cams', name: 'Demo webcam partner' },
  { flow: 'camads', name: 'Demo webcam ads partner' },
];

/** Fills the partner tables with the demo catalogue when they are empty. */
export async function seedDemoPartners(db: Db): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM cam_models LIMIT 1');
  if (!rows.length) {
    await db.query(
      `INSERT INTO cam_models (account, name, gender, age, online, colour, partner_url, demo)
       SELECT account, name, gender, age, online, colour, 'https://cams.example.com/demo/' || account, true
         FROM json_to_recordset($1::json) AS x(account text, name text, gender text, age int, online boolean, colour text)`,
      [JSON.stringify(DEMO_CAMS)],
    );
  }
  const { rows: resell } = await db.query('SELECT 1 FROM resell_partners LIMIT 1');
  if (!resell.length) {
    await db.query(
      `INSERT INTO resell_partners (flow, name, partner_url, demo)
       SELECT flow, name, 'https://partner.example.com/demo/' || flow, true
         FROM json_to_recordset($1::json) AS x(flow text, name text)`,
      [JSON.stringify(DEMO_RESELL)],
    );
  }
}
