-- The tagline in every language of the seeded templates (theme.taglines; theme.tagline stays the fallback).
UPDATE sites SET theme = theme || jsonb_build_object('taglines', '{"nl": "Ontmoet iemand door wie je hart sneller gaat kloppen", "de": "Triff jemanden, der dein Herz schneller schlagen lässt", "it": "Incontra qualcuno che ti fa battere il cuore più forte", "fr": "Rencontrez quelqu’un qui fait battre votre cœur plus vite", "es": "Conoce a alguien que haga latir tu corazón más rápido", "pl": "Poznaj kogoś, przy kim serce bije szybciej"}'::jsonb)
 WHERE template_name = 'amora' AND NOT theme ? 'taglines';
UPDATE sites SET theme = theme || jsonb_build_object('taglines', '{"nl": "Stijlvolle ontmoetingen na het donker", "de": "Elegante Begegnungen nach Einbruch der Dunkelheit", "it": "Incontri eleganti dopo il tramonto", "fr": "Des rencontres élégantes à la nuit tombée", "es": "Encuentros elegantes al caer la noche", "pl": "Eleganckie spotkania po zmroku"}'::jsonb)
 WHERE template_name = 'velvet' AND NOT theme ? 'taglines';
UPDATE sites SET theme = theme || jsonb_build_object('taglines', '{"nl": "Alleen op uitnodiging.", "de": "Nur auf Einladung.", "it": "Solo su invito.", "fr": "Sur invitation uniquement.", "es": "Solo con invitación.", "pl": "Tylko na zaproszenie."}'::jsonb)
 WHERE template_name = 'velvet-club' AND NOT theme ? 'taglines';
