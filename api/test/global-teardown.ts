import { dropTemplate, TEMPLATE_DB_ENV, TEMPLATE_DIR_ENV } from './template';

export default async function globalTeardown(): Promise<void> {
  await dropTemplate({ dir: process.env[TEMPLATE_DIR_ENV], database: process.env[TEMPLATE_DB_ENV] });
}
