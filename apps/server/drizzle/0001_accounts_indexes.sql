CREATE INDEX "auth_throttle_window_idx" ON "auth_throttle" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "oauth_states_created_idx" ON "oauth_states" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_recovery_email_lower_idx" ON "users" USING btree (lower("recovery_email"));