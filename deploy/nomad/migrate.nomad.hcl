# The release's migrations ahead of the rollout (every service group also runs them as a prestart task):
#   nomad job run -var image=registry.example/licence-verify:2026.11.24 migrate.nomad.hcl
# A new image is a new job version, so each release runs it again. It reads DATABASE_URL from the
# variable of the licence-verify job, which variables.policy.hcl allows it to (README.md, step 4).

variable "image" {
  type = string
}

job "licence-verify-migrate" {
  type = "batch"

  group "migrate" {
    restart {
      attempts = 5
      delay    = "15s"
      mode     = "fail"
    }

    task "migrate" {
      driver = "docker"

      config {
        image   = var.image
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

      resources {
        cpu    = 100
        memory = 128
      }
    }
  }
}
