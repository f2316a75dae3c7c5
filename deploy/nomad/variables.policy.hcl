# Lets a job other than licence-verify read the variable nomad/jobs/licence-verify (read only):
#   nomad acl policy apply -namespace default -job licence-verify-migrate licence-verify-migrate-vars variables.policy.hcl
#   nomad acl policy apply -namespace default -job nats nats-vars variables.policy.hcl
namespace "default" {
  variables {
    path "nomad/jobs/licence-verify" {
      capabilities = ["read"]
    }
  }
}
