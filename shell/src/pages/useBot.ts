import * as React from 'react';

/**
 * Whether the page is shown to a bot. On the server, the front server's answer (this context); in
 * a page rendered on the server, the same answer from its start state (`setServerBot`, so that
 * hydration renders what the server did); otherwise the browser's user agent, decided by
 * pages/bots.ts loaded on demand (`undefined` meanwhile).
 */
export const BotContext = React.createContext<boolean | undefined>(undefined);

let serverBot: boolean | undefined;

/** Bootstrap: the page was rendered on the server for a bot (true) or a person (false). */
export function setServerBot(bot: boolean | undefined): void {
  serverBot = bot;
}

export function useBot(): boolean | undefined {
  const server = React.useContext(BotContext);
  const [bot, setBot] = React.useState(() => server ?? serverBot);
  React.useEffect(() => {
    if (bot !== undefined) return;
    let live = true;
    import(/* webpackChunkName: "bots" */ './bots').then(
      (m) => live && setBot(m.isBot(navigator.userAgent)),
      // Not known: treated as a person (the page as before the rule).
      () => live && setBot(false),
    );
    return () => {
      live = false;
    };
  }, [bot]);
  return bot;
}
