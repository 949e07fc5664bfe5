-- When the visitor confirmed at account creation that they are 18 or older (POST /api/user.php?new=1,
-- `adult`): the server creates no account without it. NULL for accounts made before the question
-- was asked, and for members made by operators or imports.
ALTER TABLE members ADD COLUMN adult_confirmed_at timestamptz;
