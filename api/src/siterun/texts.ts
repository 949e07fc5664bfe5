import { isLocale, type Locale } from '@dating/shared';

/**
 * The honest answer to "is this profile real?", in the member's language, offered by the console
 * ready to send ({brand}: the site's name). Operators may add to it; it says what the profile is.
 */
const HONEST_ANSWER: Record<Locale, string> = {
  en: 'An honest answer to your question: this profile is run by {brand} itself. Its messages are written by members of our team, and you cannot meet the person in this profile in real life. You can read how this works on the page "Profiles run by the site", and customer service will answer any question about it.',
  nl: 'Een eerlijk antwoord op je vraag: dit profiel wordt door {brand} zelf beheerd. De berichten worden geschreven door medewerkers van ons team, en je kunt de persoon van dit profiel niet in het echt ontmoeten. Hoe dit werkt lees je op de pagina "Profielen van de site", en de klantenservice beantwoordt elke vraag hierover.',
  de: 'Eine ehrliche Antwort auf deine Frage: Dieses Profil wird von {brand} selbst geführt. Seine Nachrichten schreiben Mitarbeitende unseres Teams, und die Person dieses Profils kannst du nicht im echten Leben treffen. Wie das funktioniert, steht auf der Seite „Profile der Website“, und der Kundenservice beantwortet jede Frage dazu.',
  it: 'Una risposta sincera alla tua domanda: questo profilo è gestito direttamente da {brand}. I suoi messaggi sono scritti da persone del nostro team e non puoi incontrare di persona chi compare in questo profilo. Come funziona è spiegato nella pagina "Profili gestiti dal sito", e il servizio clienti risponde a ogni domanda in merito.',
  fr: 'Une réponse honnête à votre question : ce profil est animé par {brand} lui-même. Ses messages sont écrits par des membres de notre équipe, et vous ne pouvez pas rencontrer en vrai la personne de ce profil. La page « Profils animés par le site » explique comment cela fonctionne, et le service client répond à toutes vos questions à ce sujet.',
  es: 'Una respuesta sincera a tu pregunta: este perfil lo gestiona el propio {brand}. Sus mensajes los escriben personas de nuestro equipo y no puedes conocer en persona a quien aparece en este perfil. En la página «Perfiles gestionados por el sitio» se explica cómo funciona, y atención al cliente responde cualquier pregunta al respecto.',
  pl: 'Szczera odpowiedź na Twoje pytanie: ten profil prowadzi sam serwis {brand}. Jego wiadomości piszą osoby z naszego zespołu i nie możesz spotkać osoby z tego profilu w prawdziwym życiu. Jak to działa, wyjaśnia strona „Profile prowadzone przez serwis”, a biuro obsługi klienta odpowie na każde pytanie na ten temat.',
};

export function honestAnswer(language: string | null, brand: string): string {
  return HONEST_ANSWER[isLocale(language) ? language : 'en'].replaceAll('{brand}', brand);
}

/**
 * Words by which a member asks whether a profile is real, in the seven languages: a hint for the
 * console (it offers the honest answer in any case).
 */
const ASKS_IF_REAL =
  /(\breal\b|\breally you\b|\bfake\b|\bbot\b|\bhuman\b|\becht\b|\bnep\b|\bneppe|\bwirklich\b|\bvero\b|\bvera\b|\bfint[oa]\b|\bfals[oa]\b|\bvrai|\bfaux\b|\bfausse\b|\brobot|\bprawdziw|fałszyw|\bmoderat|\boperat)/i;

export function asksIfReal(text: string): boolean {
  return ASKS_IF_REAL.test(text);
}

/** How a push notice names a site-run sender, in the recipient's language. */
export const SITE_RUN_PUSH_MARK: Record<Locale, string> = {
  en: 'profile run by the site',
  nl: 'profiel van de site',
  de: 'Profil der Website',
  it: 'profilo gestito dal sito',
  fr: 'profil animé par le site',
  es: 'perfil gestionado por el sitio',
  pl: 'profil prowadzony przez serwis',
};
