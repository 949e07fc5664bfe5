import { LANDER_KINDS, type Locale, type LanderKind } from '@dating/shared';
import type { Db } from '../db';

type Texts = Record<Locale, { headline: string; text: string }>;

export interface CampaignSeed {
  slug: string;
  kinds: readonly LanderKind[];
  targetGender: 'male' | 'female' | null;
  minAge: number;
  maxAge: number;
  texts: Texts;
}

const SUMMER_LOVE: Texts = {
  en: { headline: 'Fall in love this summer', text: 'Long evenings, terraces, spontaneous plans: thousands of singles near you are ready for a summer romance. Create your free profile in a minute and see who is waiting for you.' },
  nl: { headline: 'Word deze zomer verliefd', text: 'Lange avonden, terrasjes, spontane plannen: duizenden singles bij jou in de buurt zijn klaar voor een zomerliefde. Maak in een minuut je gratis profiel aan en ontdek wie er op je wacht.' },
  de: { headline: 'Verlieb dich diesen Sommer', text: 'Lange Abende, Terrassen, spontane Pläne: Tausende Singles in deiner Nähe sind bereit für eine Sommerliebe. Erstelle in einer Minute dein kostenloses Profil und sieh, wer auf dich wartet.' },
  it: { headline: "Innamorati quest'estate", text: "Serate lunghe, aperitivi all'aperto, programmi improvvisati: migliaia di single vicino a te sono pronti per un amore estivo. Crea il tuo profilo gratuito in un minuto e scopri chi ti sta aspettando." },
  fr: { headline: 'Tombez amoureux cet été', text: "Longues soirées, terrasses, projets improvisés : des milliers de célibataires près de chez vous sont prêts pour un amour d'été. Créez votre profil gratuit en une minute et découvrez qui vous attend." },
  es: { headline: 'Enamórate este verano', text: 'Tardes largas, terrazas, planes improvisados: miles de solteros cerca de ti están listos para un amor de verano. Crea tu perfil gratis en un minuto y descubre quién te está esperando.' },
  pl: { headline: 'Zakochaj się tego lata', text: 'Długie wieczory, ogródki kawiarniane, spontaniczne plany: tysiące singli w Twojej okolicy czeka na wakacyjną miłość. Załóż darmowy profil w minutę i zobacz, kto na Ciebie czeka.' },
};

const WOMEN_NEARBY: Texts = {
  en: { headline: 'Women near you want to meet', text: 'Real women from your area, with photos and a story of their own. Say hello today: signing up is free and takes less than a minute.' },
  nl: { headline: 'Vrouwen bij jou in de buurt willen je ontmoeten', text: 'Echte vrouwen uit jouw regio, met foto’s en een eigen verhaal. Zeg vandaag nog hallo: aanmelden is gratis en duurt nog geen minuut.' },
  de: { headline: 'Frauen in deiner Nähe möchten dich kennenlernen', text: 'Echte Frauen aus deiner Region, mit Fotos und ihrer eigenen Geschichte. Sag noch heute Hallo: Die Anmeldung ist kostenlos und dauert keine Minute.' },
  it: { headline: 'Donne vicino a te vogliono conoscerti', text: 'Donne vere della tua zona, con foto e una storia tutta loro. Salutale oggi stesso: iscriversi è gratis e richiede meno di un minuto.' },
  fr: { headline: 'Des femmes près de chez vous veulent vous rencontrer', text: "De vraies femmes de votre région, avec des photos et une histoire bien à elles. Dites bonjour dès aujourd'hui : l'inscription est gratuite et prend moins d'une minute." },
  es: { headline: 'Mujeres cerca de ti quieren conocerte', text: 'Mujeres reales de tu zona, con fotos y una historia propia. Salúdalas hoy mismo: registrarte es gratis y te lleva menos de un minuto.' },
  pl: { headline: 'Kobiety z Twojej okolicy chcą Cię poznać', text: 'Prawdziwe kobiety z Twojej okolicy, ze zdjęciami i własną historią. Przywitaj się jeszcze dziś: rejestracja jest bezpłatna i zajmuje mniej niż minutę.' },
};

const MEN_NEARBY: Texts = {
  en: { headline: 'Meet men who are ready for something real', text: 'Kind, curious and close by: men from your region are looking for a genuine connection. Join for free and start the conversation yourself.' },
  nl: { headline: 'Ontmoet mannen die toe zijn aan iets echts', text: 'Lief, nieuwsgierig en dichtbij: mannen uit jouw regio zoeken een echte klik. Meld je gratis aan en begin zelf het gesprek.' },
  de: { headline: 'Triff Männer, die bereit für etwas Echtes sind', text: 'Herzlich, neugierig und ganz in der Nähe: Männer aus deiner Region suchen eine echte Verbindung. Registriere dich kostenlos und beginne selbst das Gespräch.' },
  it: { headline: 'Incontra uomini pronti per qualcosa di vero', text: 'Gentili, curiosi e vicini: uomini della tua zona cercano un legame sincero. Iscriviti gratis e inizia tu la conversazione.' },
  fr: { headline: 'Rencontrez des hommes prêts pour une vraie histoire', text: 'Attentionnés, curieux et tout près : des hommes de votre région cherchent une vraie complicité. Inscrivez-vous gratuitement et lancez vous-même la conversation.' },
  es: { headline: 'Conoce a hombres listos para algo de verdad', text: 'Atentos, curiosos y cerca de ti: hombres de tu zona buscan una conexión auténtica. Regístrate gratis y empieza tú la conversación.' },
  pl: { headline: 'Poznaj mężczyzn gotowych na coś prawdziwego', text: 'Życzliwi, ciekawi świata i blisko Ciebie: mężczyźni z Twojej okolicy szukają prawdziwej więzi. Dołącz za darmo i sam(a) zacznij rozmowę.' },
};

const AFTER_DARK: Texts = {
  en: { headline: 'Tonight, you are not alone', text: 'Discreet, elegant and close by: members who are online right now are looking for an evening to remember. Your first conversation is one sign-up away.' },
  nl: { headline: 'Vanavond ben je niet alleen', text: 'Discreet, stijlvol en dichtbij: leden die nu online zijn zoeken een avond om nooit te vergeten. Je eerste gesprek is maar één aanmelding verwijderd.' },
  de: { headline: 'Heute Abend bist du nicht allein', text: 'Diskret, elegant und ganz in der Nähe: Mitglieder, die gerade online sind, suchen einen unvergesslichen Abend. Dein erstes Gespräch ist nur eine Anmeldung entfernt.' },
  it: { headline: 'Stasera non sei solo', text: 'Discreti, eleganti e vicini: i membri online in questo momento cercano una serata da ricordare. La tua prima conversazione è a una sola iscrizione di distanza.' },
  fr: { headline: "Ce soir, vous n'êtes pas seul", text: "Discrets, élégants et tout près : des membres en ligne en ce moment cherchent une soirée inoubliable. Votre première conversation n'est qu'à une inscription." },
  es: { headline: 'Esta noche no estás solo', text: 'Discretos, elegantes y cerca: miembros conectados ahora mismo buscan una noche para recordar. Tu primera conversación está a un solo registro.' },
  pl: { headline: 'Dziś wieczorem nie jesteś sam', text: 'Dyskretnie, elegancko i blisko: osoby, które są teraz online, szukają wieczoru, który zapamiętają. Od pierwszej rozmowy dzieli Cię tylko rejestracja.' },
};

/** Campaigns per template; `summer-love` may use every kind on both templates. */
export const CAMPAIGN_SEEDS: Record<string, CampaignSeed[]> = {
  amora: [
    { slug: 'summer-love', kinds: LANDER_KINDS, targetGender: null, minAge: 18, maxAge: 99, texts: SUMMER_LOVE },
    { slug: 'women-nearby', kinds: ['gallery', 'maplanding', 'alonetonight', 'collagelanding', 'video'], targetGender: 'female', minAge: 25, maxAge: 45, texts: WOMEN_NEARBY },
    { slug: 'men-nearby', kinds: ['gallery', 'socialnetwork', 'iconslanding', 'transitionsvideolanding'], targetGender: 'male', minAge: 25, maxAge: 55, texts: MEN_NEARBY },
  ],
  velvet: [
    { slug: 'summer-love', kinds: LANDER_KINDS, targetGender: null, minAge: 21, maxAge: 99, texts: SUMMER_LOVE },
    { slug: 'after-dark', kinds: ['video', 'alonetonight', 'maplanding', 'transitionsvideolanding'], targetGender: 'female', minAge: 30, maxAge: 55, texts: AFTER_DARK },
  ],
};

/** Adds the campaigns of every seeded template that does not have them yet. Idempotent. */
export async function seedCampaigns(db: Db): Promise<void> {
  for (const [template, campaigns] of Object.entries(CAMPAIGN_SEEDS)) {
    for (const c of campaigns) {
      await db.query(
        `INSERT INTO campaigns (site_id, slug, kinds, texts, target_gender, min_age, max_age)
         SELECT id, $2, $3::text[], $4::jsonb, $5, $6, $7 FROM sites WHERE template_name = $1
         ON CONFLICT DO NOTHING`,
        [template, c.slug, c.kinds, JSON.stringify(c.texts), c.targetGender, c.minAge, c.maxAge],
      );
    }
  }
}
