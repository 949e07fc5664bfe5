-- Premium is worth it to a chatter: Premium members pay a share of the normal message price, set
-- per site as settings.premium_message_percent (src/messages/messages.ts messagePrice charges it,
-- GET pricing.php and credits.php show it). Sites created before this get the seeded share: half
-- on amora, 60 % on velvet, 50 % elsewhere; an operator may change it in the site's settings.
UPDATE sites
   SET settings = settings || jsonb_build_object('premium_message_percent', CASE template_name WHEN 'velvet' THEN 60 ELSE 50 END)
 WHERE NOT settings ? 'premium_message_percent';
