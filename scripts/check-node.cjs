// Runs before `npm install` (preinstall) and before `npm start`, `npm run dev`, `npm run build` and
// `npm test`. The project runs on its own Node 24, the npm registry's `node` package (a root dev
// dependency): npm puts node_modules/.bin first on PATH for every script, so `node` in a script, a
// child spawned with process.execPath and every `#!/usr/bin/env node` tool is that Node 24, whatever
// Node the machine has. Written in ES5 so that any Node can read it and print one line.
var major = function (v) { return parseInt(String(v).split('.')[0], 10) || 0; };
var event = process.env.npm_lifecycle_event;
var agent = /npm\/(\d+)/.exec(process.env.npm_config_user_agent || '');

if (event === 'preinstall') {
  // npm 7 (Node 15) is the oldest npm that reads this lockfile and installs workspaces.
  if (agent && major(agent[1]) < 7) {
    console.error('npm ' + agent[1] + ' on Node ' + process.versions.node + ' cannot install this project: install Node 20 or newer (https://nodejs.org), then run `npm install` again.');
    process.exit(1);
  }
} else if (major(process.versions.node) < 24) {
  var script = (event || '').replace(/^pre/, '');
  var command = script === 'start' || script === 'test' ? 'npm ' + script : 'npm run ' + (script || '<script>');
  console.error('Node ' + process.versions.node + ' runs this script, and the project needs Node 24: run `npm install` (it puts Node 24 into node_modules/.bin), then `' + command + '` again.');
  process.exit(1);
}
