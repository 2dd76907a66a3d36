CREATE TABLE "auth_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"face" text NOT NULL,
	"subject_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_sessions_face_check" CHECK (face in ('STAFF', 'RIDER', 'DINER'))
);
--> statement-breakpoint
-- the sessions of both faces move over as they are, so nobody is signed out by the upgrade
INSERT INTO "auth_sessions" ("token_hash", "face", "subject_id", "created_at", "expires_at")
  SELECT "token_hash", 'RIDER', "rider_id", "created_at", "expires_at" FROM "rider_tokens";--> statement-breakpoint
INSERT INTO "auth_sessions" ("token_hash", "face", "subject_id", "created_at", "expires_at")
  SELECT "token_hash", 'STAFF', "staff_id", "created_at", "expires_at" FROM "staff_sessions";--> statement-breakpoint
DROP TABLE "rider_tokens" CASCADE;--> statement-breakpoint
DROP TABLE "staff_sessions" CASCADE;--> statement-breakpoint
CREATE INDEX "auth_sessions_face_subject_id_index" ON "auth_sessions" USING btree ("face","subject_id");