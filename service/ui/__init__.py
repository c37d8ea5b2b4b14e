"""The pages for people under ``/ui`` (replay viewer, game list, dashboard): templates,
scripts and styles, no build step."""
