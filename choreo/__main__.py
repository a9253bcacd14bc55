import sys

from choreo.cli import main

sys.exit(main())
