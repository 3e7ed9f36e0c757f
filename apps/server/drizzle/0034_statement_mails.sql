CREATE TABLE "statement_mails" (
	"uid" text NOT NULL,
	"month" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statement_mails_uid_month_pk" PRIMARY KEY("uid","month")
);
--> statement-breakpoint
ALTER TABLE "statement_mails" ADD CONSTRAINT "statement_mails_uid_users_id_fk" FOREIGN KEY ("uid") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;