-- Reports from chat join customer service's one queue, the complaints table (0050), and are
-- mailed to the company's support address (company.support_email): the separate reports table
-- and sites.support_email of 0030 are not needed.
DROP TABLE IF EXISTS reports;
ALTER TABLE sites DROP COLUMN IF EXISTS support_email;
