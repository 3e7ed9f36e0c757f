CREATE TABLE "identity_profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"identity_hash" text,
	"status" text NOT NULL,
	"provider_ref" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_profiles" ADD CONSTRAINT "identity_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_profiles_hash_idx" ON "identity_profiles" USING btree ("identity_hash");