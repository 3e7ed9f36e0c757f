-- Issue 10: forgot-password mails only a VERIFIED recovery address. Until now any signed-in
-- session could set one without proof, so none of the stored ones is known to be the owner's:
-- they stop receiving reset mail, and the owner adds the address again from the Security pane,
-- which mails it a link (a pending address lives in email_tokens kind 'recovery' until opened).
UPDATE "users" SET "recovery_email" = NULL WHERE "recovery_email" IS NOT NULL;
