# Run before the services on each release: applies pending migrations (idempotent).
job "licence-verify-migrate" {
  type = "batch"

  group "migrate" {
    task "migrate" {
      driver = "exec"

      config {
        command = "bun"
        args    = ["packages/db/src/migrate-cli.ts"]
      }

      template {
        destination = "secrets/env"
        env         = true
        data        = <<EOT
{{ with nomadVar "nomad/jobs/licence-verify" }}DATABASE_URL={{ .DATABASE_URL }}{{ end }}
EOT
      }
    }
  }
}
