-- Issue #37: one name for who made an item, `created_by`, in every table that keeps it.
ALTER TABLE "comments" RENAME COLUMN "author_id" TO "created_by";--> statement-breakpoint
ALTER INDEX "comments_author_idx" RENAME TO "comments_created_by_idx";--> statement-breakpoint
ALTER TABLE "shortlist_options" RENAME COLUMN "added_by" TO "created_by";--> statement-breakpoint
ALTER TABLE "trip_photos" RENAME COLUMN "added_by" TO "created_by";--> statement-breakpoint
ALTER INDEX "trip_photos_added_by_idx" RENAME TO "trip_photos_created_by_idx";
--> statement-breakpoint
ALTER TABLE "comments" RENAME CONSTRAINT "comments_author_id_users_id_fk" TO "comments_created_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "shortlist_options" RENAME CONSTRAINT "shortlist_options_added_by_users_id_fk" TO "shortlist_options_created_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "trip_photos" RENAME CONSTRAINT "trip_photos_added_by_users_id_fk" TO "trip_photos_created_by_users_id_fk";
