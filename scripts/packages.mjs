// The deployable front-end packages, their container names and ports. One list for every script.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const SHELL = { dir: 'shell', name: 'shell', port: 8080 };
export const REMOTES = [
  { dir: 'mf-auth-signup', name: 'mf_auth_signup', port: 8081 },
  { dir: 'mf-search', name: 'mf_search', port: 8082 },
  { dir: 'mf-chat', name: 'mf_chat', port: 8083 },
  { dir: 'mf-likes-notifications', name: 'mf_likes_notifications', port: 8084 },
  { dir: 'mf-commerce', name: 'mf_commerce', port: 8085 },
  { dir: 'mf-landers', name: 'mf_landers', port: 8086 },
  // 8087 is taken by the e2e suite's second build of mf-landers (e2e/serve-second-build.mjs).
  { dir: 'mf-backoffice', name: 'mf_backoffice', port: 8088 },
];
export const FRONTENDS = [SHELL, ...REMOTES];
export const API_PORT = Number(process.env.API_PORT || 8079);
