import { remoteFiles, type RemoteManifest } from '../src/remoteFiles';

// A manifest shaped like the build's (mf-auth-signup's): the mount, with a lazily loaded view, and
// the signup form fragment, each with its chunks, catalogs and the shared modules they consume.
const manifest: RemoteManifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      name: 'mount',
      path: './mount',
      assets: {
        js: { sync: ['mount.js'], async: ['src_i18n_en_json.1.js', 'src_i18n_nl_json.2.js', 'view-login.js'] },
        css: { sync: ['mount.css'] },
      },
      requiredShared: ['react'],
      views: { login: { assets: { js: ['view-login.js'], css: ['view-login.css'] }, requiredShared: ['react-intl'] } },
    },
    {
      name: 'signup-form',
      path: './signup-form',
      assets: {
        js: { sync: ['signup-form.js', 'react-hook-form.js'], async: ['src_i18n_en_json.1.js', 'src_i18n_nl_json.2.js'] },
        css: { sync: ['signup-form.css'] },
      },
      requiredShared: ['react', '@tanstack/react-query'],
    },
  ],
  shared: [
    { name: 'react', assets: { js: { sync: ['react.js'] } } },
    { name: 'react-intl', assets: { js: { sync: ['react-intl.js'] } } },
    { name: '@tanstack/react-query', assets: { js: { sync: ['react-query.js'] } } },
  ],
};
const URL_ = 'https://signup.example.test/mf-manifest.json';
const names = (files: { href: string }[]) => files.map((f) => f.href.replace('https://signup.example.test/', ''));

describe('remoteFiles', () => {
  it("lists the mount's files in the locale, and a lazy view's when the route names it", () => {
    expect(names(remoteFiles(URL_, manifest, 'nl', ['react']))).toEqual(['mf-manifest.json', 'remoteEntry.js', 'mount.css', 'mount.js', 'src_i18n_nl_json.2.js']);
    expect(names(remoteFiles(URL_, manifest, 'en', ['react'], 'login'))).toEqual([
      'mf-manifest.json',
      'remoteEntry.js',
      'mount.css',
      'mount.js',
      'src_i18n_en_json.1.js',
      'view-login.css',
      'view-login.js',
      'react-intl.js',
    ]);
  });

  it("lists a fragment's files instead of the mount's when asked for another exposed module", () => {
    // The shell provides React; the fragment brings the query client it consumes.
    expect(names(remoteFiles(URL_, manifest, 'nl', ['react'], undefined, 'signup-form'))).toEqual([
      'mf-manifest.json',
      'remoteEntry.js',
      'signup-form.css',
      'signup-form.js',
      'react-hook-form.js',
      'src_i18n_nl_json.2.js',
      'react-query.js',
    ]);
    // An exposed module the manifest does not have: no chunks of its own; the shared modules the
    // remote brings, as for a manifest that does not say what its modules consume.
    expect(names(remoteFiles(URL_, manifest, 'nl', ['react'], undefined, 'no-such-fragment'))).toEqual([
      'mf-manifest.json',
      'remoteEntry.js',
      'react-intl.js',
      'react-query.js',
    ]);
  });
});
